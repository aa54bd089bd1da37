import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { portTypeCalls, portTypeDefaults, portTypeMayCutOff, portTypeSection } from './portType.ts';
import { DEVICE, issues } from './testIssues.ts';

describe('port type section', () => {
  it('accepts its defaults: eth0 WAN, eth1 LAN', () =>
    expect(issues(portTypeSection, portTypeDefaults)).toEqual([]));

  it('keeps one interface in each list, with the SPEC words and code on the issue', () => {
    const result = portTypeSection.safeParse({
      ports: [
        { port: 'eth0', type: 'LAN' },
        { port: 'eth1', type: 'LAN' },
      ],
    });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.message).toBe(messages.wanListEmpty);
    expect(issue.path).toEqual(['ports']);
    expect((issue as { params?: unknown }).params).toEqual({ code: 'wanListEmpty' });
    expect(issues(portTypeSection, { ports: [{ port: 'eth0', type: 'WAN' }] })).toEqual([
      'ports: lanListEmpty',
    ]);
  });

  it('wants each port once, named, with a type selected', () => {
    const ports = [
      { port: 'eth0', type: 'WAN' },
      { port: 'eth0', type: 'LAN' },
    ];
    expect(issues(portTypeSection, { ports })).toEqual(['ports.1.port: portDuplicate']);
    expect(
      issues(portTypeSection, {
        ports: [
          { port: '', type: 'WAN' },
          { port: 'eth1', type: '' },
        ],
      }),
    ).toEqual(['ports.0.port: interfaceRequired', 'ports.1.type: portTypeRequired']);
    expect(issues(portTypeSection, { ports: [{ port: 'eth0', type: 'DMZ' }] })).toEqual([
      'ports.0.type: invalidChoice',
    ]);
  });

  it('sets the whole list in one call naming the device', () => {
    const setting = portTypeCalls.find((c) => c.path.endsWith('/portType/setting'))!;
    expect(setting.method).toBe('PATCH');
    expect(issues(setting.request, { ...portTypeDefaults, id: DEVICE })).toEqual([]);
    expect(issues(setting.request, portTypeDefaults)).toEqual(['id: invalid_type']);
  });

  it('may cut off when a port changes list, whatever the order of the rows', () => {
    const swapped = { ports: [...portTypeDefaults.ports].reverse() };
    expect(portTypeMayCutOff(portTypeDefaults, swapped)).toBe(false);
    expect(
      portTypeMayCutOff(portTypeDefaults, {
        ports: [
          { port: 'eth0', type: 'LAN' },
          { port: 'eth1', type: 'WAN' },
        ],
      }),
    ).toBe(true);
  });
});
