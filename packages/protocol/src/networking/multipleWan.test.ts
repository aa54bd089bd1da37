import { describe, expect, it } from 'vitest';
import {
  multipleWanCalls,
  multipleWanDefaults,
  multipleWanMayCutOff,
  multipleWanSection,
  wanLinkColours,
} from './multipleWan.ts';
import { DEVICE, issues } from './testIssues.ts';

const doc = { ...multipleWanDefaults, mode: 'failover', primary: 'eth0', secondary: 'eth1' } as const;
const call = (route: string) => multipleWanCalls.find((c) => c.path.endsWith(route))!;

describe('multiple WAN section', () => {
  it('accepts its default (single WAN on eth0) and a failover pair', () => {
    expect(issues(multipleWanSection, multipleWanDefaults)).toEqual([]);
    expect(issues(multipleWanSection, doc)).toEqual([]);
  });

  it('needs the primary WAN in single WAN mode', () => {
    expect(issues(multipleWanSection, { ...multipleWanDefaults, primary: 'None' })).toEqual([
      'primary: primaryWanNotSelected',
    ]);
  });

  it.each(['failover', 'failback', 'loadBalance'])(
    'needs primary and secondary WAN, two of them, in %s mode',
    (mode) => {
      expect(issues(multipleWanSection, { ...doc, mode, secondary: 'None' })).toEqual([
        'secondary: wanNotSelected',
      ]);
      expect(issues(multipleWanSection, { ...doc, mode, primary: '' })).toEqual(['primary: wanNotSelected']);
      expect(issues(multipleWanSection, { ...doc, mode, secondary: 'eth0' })).toEqual([
        'secondary: multipleWanNeedsTwo',
      ]);
    },
  );

  it('takes a backup WAN other than the two', () => {
    expect(issues(multipleWanSection, { ...doc, backup: 'wwan0' })).toEqual([]);
    expect(issues(multipleWanSection, { ...doc, backup: 'eth1' })).toEqual(['backup: backupWanDistinct']);
  });

  it('checks the link detection settings', () => {
    const detection = { mode: '', pingTarget: '', period: 0, latencyThreshold: 1, ttl: 256 };
    expect(issues(multipleWanSection, { ...doc, detection })).toEqual([
      'detection.mode: detectionModeRequired',
      'detection.pingTarget: pingTargetEmpty',
      'detection.period: numberMin',
      'detection.ttl: ttlRange',
    ]);
  });

  it('binds a VLAN to WANs by mode, each VLAN once', () => {
    const binding = [
      { vid: 10, mode: 'bind', primary: 'eth1', secondary: '' },
      { vid: 20, mode: 'failover', primary: 'eth1', secondary: 'eth1' },
      { vid: 30, mode: 'multiAccess', primary: '', secondary: '' },
      { vid: 10, mode: 'bind', primary: '', secondary: '' },
    ];
    expect(issues(multipleWanSection, { ...doc, binding })).toEqual([
      'binding.1.secondary: multipleWanNeedsTwo',
      'binding.3.primary: primaryWanNotSelected',
      'binding.3.vid: bindingVidDuplicate',
    ]);
    expect(issues(multipleWanSection, { ...doc, binding: binding.slice(0, 1).concat(binding[2]!) })).toEqual(
      [],
    );
    expect(issues(multipleWanSection, { ...doc, binding: [{ ...binding[0], vid: 4095 }] })).toEqual([
      'binding.0.vid: vlanIdRange',
    ]);
  });

  it('checks MA rules: destination, protocol, port 1-65535, WAN, unique name', () => {
    const rule = { name: 'voip', destination: '203.0.113.0/24', protocol: 'UDP', port: 5060, wan: 'eth1' };
    expect(
      issues(multipleWanSection, { ...doc, maRules: [rule, { ...rule, port: null, protocol: 'all' }] }),
    ).toEqual(['maRules.1.name: ruleNameDuplicate']);
    expect(
      issues(multipleWanSection, {
        ...doc,
        maRules: [{ ...rule, destination: 'x', protocol: '', port: 0, wan: '', name: '' }],
      }),
    ).toEqual([
      'maRules.0.name: ruleNameEmpty',
      'maRules.0.destination: destinationFormat',
      'maRules.0.protocol: protocolEmpty',
      'maRules.0.port: portRange',
      'maRules.0.wan: wanInterfaceRequired',
    ]);
  });

  it('has request schemas for the binding calls', () => {
    expect(
      issues(call('/wanBinding/setFo').request, { id: DEVICE, vid: 10, primary: 'eth0', secondary: 'None' }),
    ).toEqual(['secondary: wanNotSelected']);
    expect(issues(call('/wanBinding/setBind').request, { id: DEVICE, vid: 10, primary: '' })).toEqual([
      'primary: primaryWanNotSelected',
    ]);
    expect(issues(call('/multipleWan/setLb').request, { ...doc, id: DEVICE, binding: undefined })).toEqual(
      [],
    );
  });

  it('shows links green when active, blue when idle, red when failed', () => {
    expect(wanLinkColours).toEqual({ active: 'green', idle: 'blue', fail: 'red' });
  });

  it('may cut off on any change', () => {
    expect(multipleWanMayCutOff(doc, { ...doc })).toBe(false);
    expect(multipleWanMayCutOff(doc, { ...doc, mode: 'failback' })).toBe(true);
  });
});
