import { describe, expect, it } from 'vitest';
import {
  vlanCalls,
  vlanDefaults,
  vlanMayCutOff,
  vlanSection,
  vlansOfPort,
  type VlanSection,
} from './vlan.ts';
import { DEVICE, issues } from './testIssues.ts';

const doc: VlanSection = {
  list: [
    { vid: 10, description: 'Staff' },
    { vid: 20, description: 'Guest' },
  ],
  ports: [
    { port: 'eth1', mode: 'access', vid: 10 },
    { port: 'eth2', mode: 'trunk', vids: '10,20' },
  ],
};

describe('VLAN section', () => {
  it('accepts no VLAN (the default) and a staff/guest setup', () => {
    expect(issues(vlanSection, vlanDefaults)).toEqual([]);
    expect(issues(vlanSection, doc)).toEqual([]);
  });

  it('takes VLAN IDs 2 to 4094, selected, each once, with a description', () => {
    const list = [
      { vid: 1, description: 'a' },
      { vid: 2, description: 'b' },
      { vid: 4094, description: 'c' },
      { vid: 4095, description: 'd' },
      { vid: null, description: 'e' },
      { vid: 3, description: '' },
    ];
    expect(issues(vlanSection, { list, ports: [] })).toEqual([
      'list.0.vid: vlanIdRange',
      'list.3.vid: vlanIdRange',
      'list.4.vid: vlanIdRequired',
      'list.5.description: vlanDescriptionEmpty',
    ]);
    expect(issues(vlanSection, { list: [doc.list[0], doc.list[0]], ports: [] })).toEqual([
      'list.1.vid: vlanDuplicate',
    ]);
  });

  it('joins a trunk port to 2 to 4 VLANs written with numbers, commas and dashes', () => {
    const trunk = (vids: string) => ({
      list: [2, 3, 4, 5, 6].map((vid) => ({ vid, description: `v${vid}` })),
      ports: [{ port: 'eth2', mode: 'trunk', vids }],
    });
    expect(issues(vlanSection, trunk('2'))).toEqual(['ports.0.vids: vlanTrunkCount']);
    expect(issues(vlanSection, trunk('2,3'))).toEqual([]);
    expect(issues(vlanSection, trunk('2-5'))).toEqual([]);
    expect(issues(vlanSection, trunk('2-6'))).toEqual(['ports.0.vids: vlanTrunkCount']);
    expect(issues(vlanSection, trunk('2;3'))).toEqual(['ports.0.vids: vlanListFormat']);
  });

  it('puts ports only in VLANs that exist, each port once', () => {
    expect(issues(vlanSection, { ...doc, ports: [{ port: 'eth1', mode: 'access', vid: 30 }] })).toEqual([
      'ports.0.vid: vlanUnknown',
    ]);
    expect(issues(vlanSection, { ...doc, ports: [{ port: 'eth1', mode: 'access', vid: 1 }] })).toEqual([]);
    expect(issues(vlanSection, { ...doc, ports: [{ port: 'eth2', mode: 'trunk', vids: '10,30' }] })).toEqual([
      'ports.0.vids: vlanUnknown',
    ]);
    expect(issues(vlanSection, { ...doc, ports: [doc.ports[0], doc.ports[0]] })).toEqual([
      'ports.1.port: portDuplicate',
    ]);
    expect(issues(vlanSection, { ...doc, ports: [{ port: 'eth1', mode: 'access', vid: '' }] })).toEqual([
      'ports.0.vid: vlanIdRequired',
    ]);
  });

  it('lists the VLANs a port is in besides the LAN', () => {
    expect(vlansOfPort({ port: 'eth1', mode: 'access', vid: 1 })).toEqual([]);
    expect(vlansOfPort({ port: 'eth1', mode: 'access', vid: 10 })).toEqual([10]);
    expect(vlansOfPort({ port: 'eth2', mode: 'trunk', vids: '20-22' })).toEqual([20, 21, 22]);
  });

  it('creates one VLAN per call', () => {
    const create = vlanCalls.find((c) => c.path.endsWith('/vlan/create'))!;
    expect(create.method).toBe('POST');
    expect(issues(create.request, { id: DEVICE, vid: 4095, description: 'x' })).toEqual(['vid: vlanIdRange']);
  });

  it('may cut off when ports change or a VLAN goes, not for a new VLAN or description', () => {
    expect(vlanMayCutOff(doc, { ...doc, list: [...doc.list, { vid: 30, description: 'New' }] })).toBe(false);
    expect(vlanMayCutOff(doc, { ...doc, list: [{ vid: 10, description: 'Office' }, doc.list[1]!] })).toBe(
      false,
    );
    expect(vlanMayCutOff(doc, { ...doc, ports: [doc.ports[0]!] })).toBe(true);
    expect(vlanMayCutOff(doc, { ...doc, list: [doc.list[0]!] })).toBe(true);
  });
});
