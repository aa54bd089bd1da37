import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { firewallDefaults, firewallSection } from './firewall.ts';
import { issues } from './testIssues.ts';

const rule = { port: 443, protocol: 'TCP', action: 'ACCEPT', description: 'HTTPS' };
const withRules = (...rules: unknown[]) => ({ ...firewallDefaults, rules });

describe('firewall section', () => {
  it('defaults to on, with SSH (port 22) among the port rules', () => {
    expect(issues(firewallSection, firewallDefaults)).toEqual([]);
    expect(firewallDefaults.enabled).toBe(true);
    expect(firewallDefaults.rules).toContainEqual(
      expect.objectContaining({ port: 22, protocol: 'TCP', description: 'SSH' }),
    );
  });

  it("says 'Protocol is empty.' for a rule without protocol", () => {
    const result = firewallSection.safeParse(withRules({ ...rule, protocol: '' }));
    expect(result.error?.issues.map((i) => i.message)).toEqual([messages.protocolEmpty]);
    expect(messages.protocolEmpty).toBe('Protocol is empty.');
  });

  it('takes ports 1 to 65535 and an action', () => {
    expect(
      issues(firewallSection, withRules({ ...rule, port: 0 }, { ...rule, port: 65536, action: '' })),
    ).toEqual([
      'rules.0.port: portRange',
      'rules.1.port: portRange',
      'rules.1.action: firewallActionRequired',
    ]);
    expect(
      issues(firewallSection, withRules({ ...rule, port: 65535, protocol: 'TCP/UDP', action: 'DROP' })),
    ).toEqual([]);
  });

  it('whitelists an IP, on every port or on one', () => {
    const whitelist = [
      { ip: '203.0.113.7', port: null, description: 'office' },
      { ip: '203.0.113.7', port: 443, description: 'office web' },
    ];
    expect(issues(firewallSection, { ...firewallDefaults, whitelist })).toEqual([]);
    expect(issues(firewallSection, { ...firewallDefaults, whitelist: [whitelist[0], whitelist[0]] })).toEqual(
      ['whitelist.1.ip: whitelistDuplicate'],
    );
    expect(
      issues(firewallSection, { ...firewallDefaults, whitelist: [{ ip: '', port: 0, description: '' }] }),
    ).toEqual(['whitelist.0.ip: firewallIpEmpty', 'whitelist.0.port: portRange']);
  });

  it('has one rule per port and protocol', () => {
    expect(issues(firewallSection, withRules(rule, { ...rule, action: 'DROP' }))).toEqual([
      'rules.1.port: firewallRuleDuplicate',
    ]);
  });
});
