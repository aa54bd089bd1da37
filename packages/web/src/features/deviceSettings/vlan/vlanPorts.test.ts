import { describe, expect, it } from 'vitest';
import type { VlanPort } from '@edge/protocol';
import { portRows, portsOf } from './vlanPorts.ts';

describe('port rows', () => {
  const trunk: VlanPort = { port: 'eth2', mode: 'trunk', vids: '10,20' };

  it('shows every LAN port, unlisted ones untagged in the LAN, and keeps listed ports that left the LAN', () => {
    const old: VlanPort = { port: 'eth9', mode: 'access', vid: 10 };
    expect(portRows(['eth1', 'eth2'], [trunk, old])).toEqual([
      { port: 'eth1', mode: 'access', vid: 1 },
      trunk,
      old,
    ]);
  });

  it('writes only the ports that differ from the untagged LAN', () => {
    expect(portsOf([{ port: 'eth1', mode: 'access', vid: 1 }, trunk])).toEqual([trunk]);
  });
});
