import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import type { WanStatus } from '@edge/protocol';
import { WanStatusList } from './WanStatusList.tsx';

const LINKS: WanStatus[] = [
  { iface: 'eth0', state: 'active', role: 'active' },
  { iface: 'eth1', state: 'idle', role: 'standby' },
  { iface: 'wwan0', state: 'fail', role: 'standby' },
];

describe('WAN link status (SPEC 4)', () => {
  it('draws active links green, idle links blue and failed links red, with the role', () => {
    renderWithProviders(<WanStatusList list={LINKS} />);
    expect(screen.getByTestId('wan-status-eth0')).toHaveAttribute('data-colour', 'green');
    expect(screen.getByTestId('wan-status-eth0')).toHaveClass('ant-tag-green');
    expect(screen.getByTestId('wan-status-eth1')).toHaveAttribute('data-colour', 'blue');
    expect(screen.getByTestId('wan-status-wwan0')).toHaveAttribute('data-colour', 'red');
    expect(screen.getByTestId('wan-status-eth1')).toHaveTextContent('eth1 (Standby)');
  });

  it.each([
    ['eth0', 'Active'],
    ['eth1', 'Idle'],
    ['wwan0', 'Fail'],
  ])('shows the state of %s as its tooltip: %s', async (iface, word) => {
    renderWithProviders(<WanStatusList list={LINKS} />);
    fireEvent.mouseEnter(screen.getByTestId(`wan-status-${iface}`));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(word);
  });

  it('says when the device has reported no WAN yet', () => {
    renderWithProviders(<WanStatusList list={[]} />);
    expect(screen.getByText('The device has not reported any WAN interface yet.')).toBeInTheDocument();
  });
});
