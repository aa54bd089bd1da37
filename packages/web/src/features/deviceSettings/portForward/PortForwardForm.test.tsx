/** The port forward dialog shows the SPEC 5 rules in the protocol's words and saves only a valid forward. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages, type PortForward } from '@edge/protocol';
import { openRuleForm } from '../../../test/ruleForm.tsx';
import { PortForwardForm } from './PortForwardForm.tsx';

const FORWARD: PortForward = {
  internalIp: '192.168.1.20',
  internalPort: 80,
  protocol: 'TCP',
  externalIface: 'eth0',
  externalPort: 8080,
  description: 'camera',
};

const open = (initial: PortForward | null, others: PortForward[] = []) =>
  openRuleForm(PortForwardForm, initial, others);

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('port-forward-save'));

afterEach(() => vi.unstubAllGlobals());

describe('port forward dialog', () => {
  it('names every field a new forward still needs', async () => {
    const onSave = open(null);
    save();
    expect(await screen.findByText(messages.internalIpEmpty)).toBeInTheDocument();
    expect(screen.getByText(messages.externalInterfaceRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.protocolEmpty)).toBeInTheDocument();
    expect(screen.getAllByText(messages.portRange)).toHaveLength(2);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses an invalid internal IP and a port out of range', async () => {
    const onSave = open(FORWARD);
    type('port-forward-internal-ip', '192.168.1.256');
    type('port-forward-internal-port', '65536');
    save();
    expect(await screen.findByText(messages.ipFormat)).toBeInTheDocument();
    expect(screen.getByText(messages.portRange)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses an external port already forwarded on the same interface and protocol', async () => {
    // A row that differs from another only in where it leads.
    const onSave = open({ ...FORWARD, internalIp: '192.168.1.21' }, [FORWARD]);
    save();
    expect(await screen.findByText(messages.portForwardDuplicate)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a valid forward', async () => {
    const onSave = open(FORWARD);
    type('port-forward-external-port', '8443');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({ ...FORWARD, externalPort: 8443 });
  });
});
