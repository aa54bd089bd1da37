import { describe, expect, test } from 'vitest';
import { sectionDefaults, type FirewallSection, type WifiSection } from '@edge/protocol';
import { changesFor, renderFor } from './render.ts';

const device = { id: '0123456789abcdef', name: 'Depot', serial: 'SN-9', groupId: 2 };
const wifi: WifiSection = {
  mode: '2.4G',
  channel: 6,
  bandwidth: 20,
  tx_power: 80,
  list: [{ idx: 0, ssid: '{{name}}-staff', password: 'Secret-pass-1', toggle: true, vid: 1, wpa: 'WPA2' }],
  authentication: [],
  accounts: [],
};

describe('a profile made for one device', () => {
  test('fills its variables and shows exactly what would change', () => {
    const rendered = renderFor({ kind: 'wifi', body: wifi, values: [] }, device, sectionDefaults.wifi);
    expect(rendered.ok).toBe(true);
    if (!rendered.ok) return;
    expect(rendered.doc).toMatchObject({ list: [{ ssid: 'Depot-staff' }] });
    expect(changesFor('wifi', rendered.doc, sectionDefaults.wifi)).toEqual([
      { path: 'channel', desired: 6, reported: 10 },
      { path: 'list[0]', desired: { ...wifi.list[0], ssid: 'Depot-staff' }, reported: null },
      { path: 'tx_power', desired: 80, reported: 100 },
    ]);
    // Against a device that already holds it, nothing changes.
    expect(changesFor('wifi', rendered.doc, rendered.doc)).toEqual([]);
  });

  test('refuses a missing variable, and a filled value the section rule refuses', () => {
    const firewall: FirewallSection = {
      enabled: true,
      whitelist: [{ ip: '{{office}}', port: null, description: '' }],
      rules: [],
    };
    const missing = renderFor(
      { kind: 'firewall', body: firewall, values: [] },
      device,
      sectionDefaults.firewall,
    );
    expect(missing).toEqual({
      ok: false,
      refusal: {
        code: 'profileVariableMissing',
        message: 'A variable has no value for a device; nothing was sent.',
        detail: 'office',
      },
    });
    const values = [{ scope: 'group' as const, target: '2', name: 'office', value: '10.0.0.300' }];
    const invalid = renderFor({ kind: 'firewall', body: firewall, values }, device, sectionDefaults.firewall);
    expect(invalid).toMatchObject({ ok: false, refusal: { code: 'ipFormat', detail: 'whitelist.0.ip' } });
  });
});
