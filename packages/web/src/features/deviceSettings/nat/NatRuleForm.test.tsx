/** The NAT rule dialog shows the SPEC 5 rules in the protocol's words and saves only a valid rule. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages, type NatRule } from '@edge/protocol';
import { openRuleForm } from '../../../test/ruleForm.tsx';
import { NatRuleForm, newNatRule } from './NatRuleForm.tsx';

const RULE: NatRule = { ...newNatRule([]), subnet: '192.168.1.0/24', iface: 'eth0', description: 'LAN out' };

const open = (initial: NatRule | null, others: NatRule[] = []) => openRuleForm(NatRuleForm, initial, others);

const typeSubnet = (value: string) =>
  fireEvent.change(screen.getByTestId('nat-subnet'), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('NAT rule dialog', () => {
  it('asks for a subnet and an interface on a new rule', async () => {
    const onSave = open(null);
    fireEvent.click(screen.getByTestId('nat-rule-save'));
    expect(await screen.findByText(messages.natSubnetFormat)).toBeInTheDocument();
    expect(screen.getByText(messages.natInterfaceRequired)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it.each(['192.168.1.0', '192.168.1.0/7', '192.168.1.0/33', '192.168.300.0/24'])(
    'refuses the subnet %s',
    async (subnet) => {
      const onSave = open(RULE);
      typeSubnet(subnet);
      fireEvent.click(screen.getByTestId('nat-rule-save'));
      expect(await screen.findByText(messages.natSubnetFormat)).toBeInTheDocument();
      expect(onSave).not.toHaveBeenCalled();
    },
  );

  it('shows the fixed IP version, table and chain and starts after the other rules', () => {
    open(null, [{ ...RULE, priority: 4 }]);
    expect(screen.getByDisplayValue('IPv4')).toBeDisabled();
    expect(screen.getByDisplayValue('edge')).toBeDisabled();
    expect(screen.getByDisplayValue('postrouting')).toBeDisabled();
    expect(screen.getByTestId('nat-priority')).toHaveValue('5');
  });

  it('asks SNAT for the address to translate to', async () => {
    const onSave = open({ ...RULE, action: 'SNAT' });
    fireEvent.click(screen.getByTestId('nat-rule-save'));
    expect(await screen.findByText(messages.snatIpEmpty)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('nat-snat-ip'), { target: { value: '203.0.113.9' } });
    fireEvent.click(screen.getByTestId('nat-rule-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ action: 'SNAT', snatIp: '203.0.113.9' });
  });

  it('saves a valid rule with its fixed fields', async () => {
    const onSave = open(RULE);
    typeSubnet('10.8.0.0/16');
    fireEvent.click(screen.getByTestId('nat-rule-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({ ...RULE, subnet: '10.8.0.0/16' });
  });
});
