import { describe, expect, it } from 'vitest';
import { portForwardSection } from './portForward.ts';
import { issues } from './testIssues.ts';

const forward = {
  internalIp: '192.168.1.10',
  internalPort: 80,
  protocol: 'TCP',
  externalIface: 'eth0',
  externalPort: 8080,
  description: 'web',
};
const section = (...list: unknown[]) => ({ list });

describe('port forwarding section', () => {
  it('accepts a forward', () => expect(issues(portForwardSection, section(forward))).toEqual([]));

  it('wants the internal IP and the external interface', () => {
    expect(issues(portForwardSection, section({ ...forward, internalIp: '', externalIface: '' }))).toEqual([
      'list.0.internalIp: internalIpEmpty',
      'list.0.externalIface: externalInterfaceRequired',
    ]);
    expect(issues(portForwardSection, section({ ...forward, internalIp: '192.168.1.256' }))).toEqual([
      'list.0.internalIp: ipFormat',
    ]);
  });

  it('takes internal and external ports 1 to 65535', () => {
    for (const port of [1, 65535])
      expect(
        issues(portForwardSection, section({ ...forward, internalPort: port, externalPort: port })),
      ).toEqual([]);
    expect(issues(portForwardSection, section({ ...forward, internalPort: 0, externalPort: 65536 }))).toEqual(
      ['list.0.internalPort: portRange', 'list.0.externalPort: portRange'],
    );
  });

  it('takes TCP or UDP, and says so when the protocol is empty', () => {
    expect(issues(portForwardSection, section({ ...forward, protocol: 'UDP' }))).toEqual([]);
    expect(issues(portForwardSection, section({ ...forward, protocol: '' }))).toEqual([
      'list.0.protocol: protocolEmpty',
    ]);
    expect(issues(portForwardSection, section({ ...forward, protocol: 'ICMP' }))).toEqual([
      'list.0.protocol: invalidChoice',
    ]);
  });

  it('forwards an external port to one place only', () => {
    expect(issues(portForwardSection, section(forward, { ...forward, internalIp: '192.168.1.11' }))).toEqual([
      'list.1.externalPort: portForwardDuplicate',
    ]);
    expect(issues(portForwardSection, section(forward, { ...forward, protocol: 'UDP' }))).toEqual([]);
  });
});
