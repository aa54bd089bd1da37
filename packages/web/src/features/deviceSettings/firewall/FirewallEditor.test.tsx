/**
 * The firewall screen and, through it, the shared rule table: rows added and edited through their dialog,
 * deleted only after the confirmation, every rule message in the protocol's words, and one Apply that
 * sends the whole document through the frame.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { firewallDefaults, messages, type SectionStateView } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { FirewallEditor } from './FirewallSection.tsx';

const view = { desired: null, reported: null, desiredVersion: 0 } as unknown as SectionStateView;

function open() {
  const apply = vi.fn(() => Promise.resolve(true));
  renderWithProviders(<FirewallEditor view={view} apply={apply} busy={false} />);
  return apply;
}

const table = (testId: string) => screen.getByTestId(`${testId}-table`);
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('firewall screen', () => {
  it('starts from the defaults: on, with SSH (port 22) closed', () => {
    open();
    expect(screen.getByTestId('firewall-enabled')).toBeChecked();
    const ssh = within(table('firewall-rule')).getByText('SSH').closest('tr')!;
    expect(ssh).toHaveTextContent('22');
    expect(ssh).toHaveTextContent('TCP');
    expect(ssh).toHaveTextContent('Block');
  });

  it('shows the protocol messages of a port rule left empty, and keeps it out of the table', async () => {
    open();
    fireEvent.click(screen.getByTestId('firewall-rule-add'));
    fireEvent.click(await screen.findByTestId('firewall-rule-save'));
    expect(await screen.findByText(messages.protocolEmpty)).toBeInTheDocument();
    expect(screen.getByText(messages.portRange)).toBeInTheDocument();
    expect(screen.getByText(messages.firewallActionRequired)).toBeInTheDocument();
    expect(within(table('firewall-rule')).getAllByRole('row')).toHaveLength(2); // header + SSH
  });

  it('refuses a port out of range', async () => {
    open();
    fireEvent.click(screen.getByTestId('firewall-rule-add'));
    type('firewall-rule-port', '70000');
    fireEvent.click(await screen.findByTestId('firewall-rule-save'));
    expect(await screen.findByText(messages.portRange)).toBeInTheDocument();
  });

  it('edits a rule through its dialog', async () => {
    open();
    fireEvent.click(within(table('firewall-rule')).getByTestId('firewall-rule-edit'));
    type('firewall-rule-port', '2222');
    fireEvent.click(await screen.findByTestId('firewall-rule-save'));
    await waitFor(() => expect(table('firewall-rule')).toHaveTextContent('2222'));
    expect(table('firewall-rule')).not.toHaveTextContent(/\b22\b/);
  });

  it('adds a whitelist entry; an invalid IP shows the protocol message', async () => {
    open();
    fireEvent.click(screen.getByTestId('firewall-whitelist-add'));
    fireEvent.click(await screen.findByTestId('firewall-whitelist-save'));
    expect(await screen.findByText(messages.firewallIpEmpty)).toBeInTheDocument();
    type('firewall-whitelist-ip', '10.0.0.300');
    expect(await screen.findByText(messages.ipFormat)).toBeInTheDocument();
    type('firewall-whitelist-ip', '10.0.0.30');
    type('firewall-whitelist-description', 'office');
    fireEvent.click(screen.getByTestId('firewall-whitelist-save'));
    await waitFor(() => expect(table('firewall-whitelist')).toHaveTextContent('10.0.0.30'));
    expect(table('firewall-whitelist')).toHaveTextContent('All ports');
  });

  it('deletes a rule only once the confirmation is answered OK', async () => {
    open();
    fireEvent.click(within(table('firewall-rule')).getByTestId('firewall-rule-delete'));
    fireEvent.click(await screen.findByTestId('confirm-cancel'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(table('firewall-rule')).toHaveTextContent('SSH');

    fireEvent.click(within(table('firewall-rule')).getByTestId('firewall-rule-delete'));
    expect((await screen.findAllByText(/Delete the rule for port 22 \(TCP\)/)).length).toBeGreaterThan(0);
    // The cancelled dialog may still be fading out: answer the newest one.
    fireEvent.click(screen.getAllByTestId('confirm-ok').at(-1)!);
    await waitFor(() => expect(table('firewall-rule')).not.toHaveTextContent('SSH'));
  });

  it('applies the whole document through the frame', async () => {
    const apply = open();
    fireEvent.click(screen.getByTestId('firewall-enabled'));
    fireEvent.click(screen.getByTestId('firewall-apply'));
    await waitFor(() => expect(apply).toHaveBeenCalled());
    expect(apply).toHaveBeenCalledWith('firewall/setting', { ...firewallDefaults, enabled: false });
  });
});
