import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { messages, multipleWanDefaults, type MultipleWanSection as Doc } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { settingsRoute, stubSection } from '../../../test/settingsSection.ts';
import { MultipleWanSection } from './MultipleWanSection.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Reads of a device with these WAN interfaces (the first carrying traffic, the others idle). */
const wanRoutes = (wans: string[]) => ({
  [settingsRoute('GET', 'multipleWan/supported')]: () => ({ body: { supported: wans.length >= 2, wans } }),
  [settingsRoute('GET', 'multipleWan/getWANStatus')]: () => ({
    body: {
      list: wans.map((iface, n) => ({ iface, state: n ? 'idle' : 'active', role: n ? 'standby' : 'active' })),
    },
  }),
});

const DELETE_RULE = settingsRoute('DELETE', 'wanBinding/delMARule');

function renderFor(wans: string[], doc: Doc = multipleWanDefaults) {
  const stub = stubSection('multipleWan', doc, wanRoutes(wans), [DELETE_RULE]);
  renderWithProviders(<MultipleWanSection deviceId="dev1" />);
  return stub;
}

describe('Multiple WAN', () => {
  it('shows the SPEC 8 message and its steps instead of the form on a device with one WAN', async () => {
    renderFor(['eth0']);
    const notice = await screen.findByTestId('multiple-wan-needs-two');
    expect(notice).toHaveTextContent(messages.multipleWanNeedsTwo);
    expect(notice).toHaveTextContent('Set at least two ports as WAN on the Port type page.');
    expect(notice).toHaveTextContent('Make sure each WAN interface gets an IP address');
    expect(notice).toHaveTextContent('set Single WAN mode');
    expect(screen.queryByTestId('multiple-wan-mode')).toBeNull();
    expect(screen.getByTestId('wan-status-eth0')).toHaveAttribute('data-colour', 'green');
  });

  it('shows the policy form with the WAN links on a device with two WANs', async () => {
    renderFor(['eth0', 'eth1']);
    expect(await screen.findByTestId('multiple-wan-mode')).toBeInTheDocument();
    expect(screen.queryByTestId('multiple-wan-needs-two')).toBeNull();
    expect(await screen.findByTestId('wan-status-eth1')).toHaveAttribute('data-colour', 'blue');
  });

  it('refuses an invalid ping target with the protocol message', async () => {
    renderFor(['eth0', 'eth1']);
    fireEvent.change(await screen.findByTestId('multiple-wan-ping-target'), {
      target: { value: '300.1.1.1' },
    });
    expect(await screen.findByText(messages.pingTargetInvalid)).toBeInTheDocument();
  });

  it('deletes an MA rule only after a confirmation naming it', async () => {
    const doc: Doc = {
      ...multipleWanDefaults,
      maRules: [{ name: 'video', destination: '10.0.0.0/8', protocol: 'TCP', port: 443, wan: 'eth1' }],
    };
    const stub = renderFor(['eth0', 'eth1'], doc);
    fireEvent.click(await screen.findByTestId('ma-rule-delete-video'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete the rule video\?/)).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await vi.waitFor(() =>
      expect(stub.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ id: 'dev1', name: 'video' }),
    );
  });

  it("refuses a new MA rule named like an existing one, with the section schema's words", async () => {
    const doc: Doc = {
      ...multipleWanDefaults,
      maRules: [{ name: 'video', destination: '10.0.0.0/8', protocol: 'TCP', port: 443, wan: 'eth1' }],
    };
    const stub = renderFor(['eth0', 'eth1'], doc);
    fireEvent.click(await screen.findByTestId('ma-rule-add'));
    fireEvent.change(await screen.findByTestId('ma-rule-name'), { target: { value: 'video' } });
    fireEvent.click(screen.getByTestId('ma-rule-save'));
    expect(await screen.findByText(messages.ruleNameDuplicate)).toBeInTheDocument();
    expect(await screen.findByText(messages.wanInterfaceRequired)).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.includes('addMARule'))).toBe(false);
  });
});
