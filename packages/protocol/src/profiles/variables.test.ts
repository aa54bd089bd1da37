import { describe, expect, test } from 'vitest';
import {
  fillVariables,
  valuesFor,
  variableNameRule,
  variableTextRule,
  variableValue,
  variablesIn,
  type VariableValue,
} from './variables.ts';
import { checkProfileBody, mergeProfile, ownedPart } from './kinds.ts';
import { multipleWanDefaults } from '../networking/multipleWan.ts';

const device = { id: 'a1b2c3d4e5f60718', name: 'Store 12', serial: 'SN-12', groupId: 4 };
const table: VariableValue[] = [
  { scope: 'group', target: '4', name: 'subnet', value: '10.4.0' },
  { scope: 'group', target: '5', name: 'subnet', value: '10.5.0' },
  { scope: 'device', target: device.id, name: 'gateway', value: '10.4.0.254' },
  { scope: 'group', target: '4', name: 'gateway', value: '10.4.0.1' },
];

describe('profile variables', () => {
  test('fill from the device, its own row, then its group; built-ins cannot be overridden', () => {
    const values = valuesFor(device, [
      ...table,
      { scope: 'device', target: device.id, name: 'x', value: '1' },
    ]);
    const body = {
      name: 'lan-{{ name }}',
      list: [{ ip: '{{subnet}}.1', gateway: '{{gateway}}', note: '{{serial}}/{{x}}' }],
      port: 22,
      on: true,
    };
    expect(fillVariables(body, values)).toEqual({
      doc: {
        name: 'lan-Store 12',
        list: [{ ip: '10.4.0.1', gateway: '10.4.0.254', note: 'SN-12/1' }],
        port: 22,
        on: true,
      },
      missing: [],
    });
    expect(variablesIn(body)).toEqual(['gateway', 'name', 'serial', 'subnet', 'x']);
  });

  test('a variable without a value is listed as missing and left as written', () => {
    const other = { ...device, id: 'ffffffffffffffff', groupId: null };
    const filled = fillVariables({ a: '{{subnet}}.1', b: ['{{zone}}', '{{name}}'] }, valuesFor(other, table));
    expect(filled.missing).toEqual(['subnet', 'zone']);
    expect(filled.doc).toEqual({ a: '{{subnet}}.1', b: ['{{zone}}', 'Store 12'] });
  });

  test('names and values: SPEC 5 forbids 「：」 and 「=」; name and serial are reserved', () => {
    expect(variableNameRule('lan_subnet')).toBeNull();
    expect(variableNameRule('1lan')).toBe('profileVariableName');
    expect(variableNameRule('a=b')).toBe('profileVariableEquals');
    expect(variableNameRule('a：b')).toBe('profileVariableColon');
    expect(variableNameRule('serial')).toBe('profileVariableReserved');
    expect(variableNameRule('x'.repeat(33))).toBe('profileVariableName');
    expect(variableTextRule('10.0.0.1')).toBeNull();
    // A MAC's ASCII colons are fine: the rule is about the full-width one.
    expect(variableTextRule('aa:bb:cc:dd:ee:ff')).toBeNull();
    expect(variableTextRule('k=v')).toBe('profileVariableEquals');
    const row = { scope: 'device', target: device.id, name: 'site', value: '' };
    expect(variableValue.safeParse(row).success).toBe(true);
    expect(variableValue.safeParse({ ...row, value: 'x'.repeat(257) }).success).toBe(false);
  });
});

describe('profile bodies', () => {
  const rule = { port: 443, protocol: 'TCP', action: 'ACCEPT', description: '{{site}}' };

  test('are checked by the section rules, a field holding a variable once it is filled', () => {
    expect(checkProfileBody('firewall', { enabled: true, whitelist: [], rules: [rule] }).ok).toBe(true);
    const badPort = checkProfileBody('firewall', {
      enabled: true,
      whitelist: [],
      rules: [{ ...rule, port: 0 }],
    });
    expect(badPort).toMatchObject({ ok: false, issue: { code: 'portRange', path: ['rules', 0, 'port'] } });
    const whitelist = [{ ip: '{{office}}', port: null, description: '' }];
    expect(checkProfileBody('firewall', { enabled: true, whitelist, rules: [] }).ok).toBe(true);
    const notIp = [{ ip: '10.0.0', port: null, description: '' }];
    expect(checkProfileBody('firewall', { enabled: true, whitelist: notIp, rules: [] })).toMatchObject({
      ok: false,
      issue: { code: 'ipFormat' },
    });
  });

  test('Multiple WAN and WAN binding each set their own part of the one section', () => {
    const device = {
      ...multipleWanDefaults,
      binding: [{ vid: 1, mode: 'bind', primary: 'eth0', secondary: 'None' }],
    };
    const profile = { ...multipleWanDefaults, mode: 'failover', secondary: 'wwan0' };
    const merged = mergeProfile('multipleWan', device as never, profile) as typeof device;
    expect(merged.mode).toBe('failover');
    expect(merged.binding).toEqual(device.binding);
    const binding = mergeProfile('wanBinding', device as never, {
      ...multipleWanDefaults,
      binding: [],
    }) as typeof device;
    expect(binding.binding).toEqual([]);
    expect(binding.mode).toBe('single');
    expect(Object.keys(ownedPart('wanBinding', device) as object)).toEqual(['binding', 'maRules']);
    expect(ownedPart('firewall', rule)).toBe(rule);
  });
});
