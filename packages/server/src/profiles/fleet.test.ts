/**
 * The choices of the profiles' editors come from the fleet, on each dialect: a simulated fleet's reported
 * port types, WAN interfaces and VLANs, the same names each device's own settings reads give; a VLAN one
 * device gets (applied and reported back) and a VLAN profile's VLAN join them.
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_LAN_VID, PROFILES_API, SETTINGS_API_ROOT, type ProfileFleetChoices } from '@edge/protocol';
import { DIALECTS } from '../testing/harness.ts';
import { waitFor } from '../testing/devices.ts';
import { fleetSuite } from '../testing/fleetSuite.ts';

const COUNT = 4;
const at = (route: string) => `${SETTINGS_API_ROOT}/${route}`;

describe.each(DIALECTS)('profile editor choices from the fleet (%s)', (dialect) => {
  const choices = async (): Promise<ProfileFleetChoices> => {
    const res = await suite.admin('GET', `${PROFILES_API}/fleet/choices`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  // Every device has reported its sections (the first report carries all of them).
  const suite = fleetSuite(dialect, { count: COUNT }, () =>
    waitFor(async () => (await choices()).devices === COUNT, 'every port type reported', 60_000).then(
      () => undefined,
    ),
  );
  const read = async <T>(route: string, id: string): Promise<T> => {
    const res = await suite.admin('GET', `${at(route)}?id=${encodeURIComponent(id)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  test('the names are those the devices report, each once, as their own settings reads give them', async () => {
    const wans = new Set<string>();
    const lanPorts = new Set<string>();
    const vids = new Set<number>();
    for (const id of suite.ids) {
      const support = await read<{ wans: string[] }>('multipleWan/supported', id);
      support.wans.forEach((w) => wans.add(w));
      const portType = await read<{ ports: { port: string; type: string }[] }>('portType/currentConfig', id);
      portType.ports.filter((p) => p.type === 'LAN').forEach((p) => lanPorts.add(p.port));
      (await read<{ list: number[] }>('dhcp/getVID', id)).list.forEach((v) => vids.add(v));
    }
    const answer = await choices();
    expect(answer.devices).toBe(COUNT);
    expect(answer.wans.length).toBeGreaterThan(0);
    expect(answer.lanPorts.length).toBeGreaterThan(0);
    expect(new Set(answer.wans)).toEqual(wans);
    expect(new Set(answer.lanPorts)).toEqual(lanPorts);
    expect(new Set(answer.vids)).toEqual(vids);
    expect(answer.vids[0]).toBe(DEFAULT_LAN_VID);
  });

  test('a VLAN a device reports and one a VLAN profile creates join the choices', async () => {
    expect((await choices()).vids).not.toContain(37);
    const created = await suite.admin('POST', at('vlan/create'), {
      id: suite.ids[0],
      vid: 37,
      description: 'Cameras',
    });
    expect(created.statusCode, created.body).toBe(200);
    // Only once the device applied it and reported it back: the fleet's choices are what devices hold.
    await waitFor(async () => (await choices()).vids.includes(37), 'VLAN 37 reported', 60_000);

    const profile = await suite.admin('POST', `${PROFILES_API}/create`, {
      name: `Voice ${suite.prefix}`,
      kind: 'vlan',
      body: { list: [{ vid: 412, description: 'Voice' }], ports: [] },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const answer = await choices();
    expect(answer.vids).toEqual(expect.arrayContaining([DEFAULT_LAN_VID, 37, 412]));
    expect(answer.vids).toEqual([...answer.vids].sort((a, b) => a - b));
  });
});
