import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { sectionView } from '../../../test/settingsSection.ts';
import { WifiEditor } from '../WifiSection.tsx';

function open() {
  const apply = vi.fn(() => Promise.resolve(true));
  renderWithProviders(<WifiEditor deviceId="dev1" view={sectionView('wifi')} apply={apply} busy={false} />);
  return apply;
}
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('Wi-Fi authentication list', () => {
  it("refuses a bad MAC and an empty name with the protocol's words", async () => {
    open();
    fireEvent.click(screen.getByTestId('wifi-auth-add'));
    type('wifi-auth-mac', '1a:2b:3c');
    fireEvent.click(await screen.findByTestId('wifi-auth-save'));
    expect(await screen.findByText(messages.macFormat)).toBeInTheDocument();
    expect(screen.getByText(messages.authenticationNameEmpty)).toBeInTheDocument();
  });

  it('adds a station and sends it with the Wi-Fi section on Apply', async () => {
    const apply = open();
    fireEvent.click(screen.getByTestId('wifi-auth-add'));
    type('wifi-auth-name', 'scanner');
    type('wifi-auth-mac', '1a:2b:3c:4d:5e:6f');
    fireEvent.click(await screen.findByTestId('wifi-auth-save'));
    await waitFor(() =>
      expect(within(screen.getByTestId('wifi-auth-table')).getByText('scanner')).toBeInTheDocument(),
    );
    fireEvent.click(screen.getByTestId('wifi-apply'));
    await waitFor(() => expect(apply).toHaveBeenCalled());
    expect(apply.mock.calls[0]).toMatchObject([
      'wifi/setting',
      { authentication: [{ name: 'scanner', mac: '1a:2b:3c:4d:5e:6f' }] },
    ]);
  });

  it('links to the blacklist and to the client-mode networks', () => {
    open();
    expect(screen.getByTestId('wifi-blacklist-link')).toHaveAttribute(
      'href',
      expect.stringContaining('/settings/clients'),
    );
    expect(screen.getByTestId('wifi-networks-link')).toHaveAttribute(
      'href',
      expect.stringContaining('/settings/wan'),
    );
  });
});
