import { describe, expect, it } from 'vitest';
import {
  applyMayCutOff,
  mayCutOff,
  parseSection,
  SECTION_KEYS,
  sectionDefaults,
  sectionSchemas,
  settingsCalls,
} from './sections.ts';
import { SETTINGS_API_ROOT } from './calls.ts';
import { profileTemplate, profileTemplateDefaults } from './profileTemplate.ts';

/** SPEC 7, device settings under /api/v1/inventory/settings/: method and path of every call it lists. */
const SPEC_CALLS = [
  'GET portType/currentConfig',
  'PATCH portType/setting',
  'GET mobileNetwork/info',
  'GET mobileNetwork/getSavedProfile',
  'GET mobileNetwork/getBindConfig',
  'GET mobileNetwork/getPINConfig',
  'POST mobileNetwork/saveProfile',
  'PATCH mobileNetwork/apnSetting',
  'PATCH mobileNetwork/settingBind',
  'PATCH mobileNetwork/simSetting',
  'DELETE mobileNetwork/deleteProfile',
  'GET vlan/currentConfig',
  'POST vlan/create',
  'PATCH vlan/edit',
  'PATCH vlan/reset',
  'DELETE vlan/remove',
  'GET dhcp/getList',
  'GET dhcp/getVID',
  'GET dhcp/info',
  'PATCH dhcp/setting',
  'DELETE dhcp/removeDHCP',
  'GET wifi/info',
  'GET wifi/loadConfig',
  'GET wifi/ssidList',
  'GET wifi/supported',
  'PATCH wifi/setting',
  'PATCH wifi/toggle',
  'PATCH wifi/ssidSelect',
  'POST wifi/connect',
  'GET wifi/authentication/name',
  'GET wifi/authentication/list',
  'POST wifi/authentication/add',
  'PATCH wifi/authentication/edit',
  'DELETE wifi/authentication/delete',
  'GET multipleWan/wifiHotspot',
  'GET multipleWan/wifiConnectedAPList',
  'GET multipleWan/getTableInfo',
  'GET multipleWan/getWANStatus',
  'GET multipleWan/supported',
  'GET multipleWan/currentConfig',
  'GET multipleWan/getLbCFG',
  'GET multipleWan/getPingTarget',
  'GET multipleWan/getTTL',
  'POST multipleWan/wifiAddConnectedAP',
  'DELETE multipleWan/wifiDeleteConnectedAP',
  'PATCH multipleWan/setLb',
  'PATCH multipleWan/setting',
  'GET wanBinding/currentConfig',
  'GET wanBinding/getBindList',
  'GET wanBinding/maRuleList',
  'GET wanBinding/supported',
  'POST wanBinding/addMARule',
  'PATCH wanBinding/setBind',
  'PATCH wanBinding/setFo',
  'PATCH wanBinding/setMa',
  'DELETE wanBinding/delMARule',
  'GET generalSetting/getConfig',
  'PATCH generalSetting/setting',
  'GET agent/generalSetting/get',
  'POST agent/generalSetting/setting',
  'GET agent/jumptoservices/get',
  'POST agent/jumptoservices/create',
  'POST agent/jumptoservices/setting',
  'DELETE agent/jumptoservices/delete',
  'GET agent/jumptoservices/type/list',
];

describe('sections', () => {
  it('has a schema and defaults for every key, and the defaults are valid', () => {
    expect(Object.keys(sectionSchemas).sort()).toEqual([...SECTION_KEYS].sort());
    for (const key of SECTION_KEYS) expect(parseSection(key, sectionDefaults[key]).success, key).toBe(true);
  });

  it('lets a generic store validate any section', () => {
    expect(parseSection('vlan', { list: [{ vid: 1, description: 'x' }], ports: [] }).success).toBe(false);
    // A document from before the jump-to services offers the device's web interface.
    expect(parseSection('general', { deviceName: 'r1', remoteHelp: true }).data).toEqual({
      deviceName: 'r1',
      remoteHelp: true,
      jumpServices: [{ name: 'Web interface', type: 'HTTP', port: 80 }],
    });
  });
});

describe('settings calls', () => {
  const spelled = settingsCalls.map((c) => `${c.method} ${c.path.slice(SETTINGS_API_ROOT.length + 1)}`);

  it('lists every device settings call of SPEC 7, marked as such', () => {
    for (const call of SPEC_CALLS) expect(spelled, call).toContain(call);
    const fromSpec = settingsCalls
      .filter((c) => c.spec)
      .map((c) => `${c.method} ${c.path.slice(SETTINGS_API_ROOT.length + 1)}`);
    expect(fromSpec.sort()).toEqual([...SPEC_CALLS].sort());
  });

  it('spells each call once, under the settings root, reading with GET and writing otherwise', () => {
    expect(new Set(spelled).size).toBe(spelled.length);
    for (const call of settingsCalls) {
      expect(call.path.startsWith(`${SETTINGS_API_ROOT}/`)).toBe(true);
      expect(call.kind).toBe(call.method === 'GET' ? 'read' : 'write');
      expect(SECTION_KEYS).toContain(call.section);
    }
  });

  it('names the device in every request', () => {
    for (const call of settingsCalls) {
      const result = call.request.safeParse({});
      expect(
        result.error?.issues.some((i) => i.path[0] === 'id'),
        call.path,
      ).toBe(true);
    }
  });

  it('has calls for every section', () => {
    for (const key of SECTION_KEYS)
      expect(
        settingsCalls.some((c) => c.section === key),
        key,
      ).toBe(true);
  });
});

describe('confirm-or-rollback', () => {
  it('flags the sections whose apply can cut the device off', () => {
    const flagged = SECTION_KEYS.filter((k) => mayCutOff[k]);
    expect(flagged.sort()).toEqual(['dhcp', 'mobileNetwork', 'multipleWan', 'portType', 'vlan', 'wan']);
  });

  it('asks per change, assumes the worst without a reported document, and never for the others', () => {
    const dhcp = sectionDefaults.dhcp;
    const moved = { list: [{ ...dhcp.list[0]!, gateway: '192.168.1.254' }] };
    expect(applyMayCutOff('dhcp', dhcp, dhcp)).toBe(false);
    expect(applyMayCutOff('dhcp', dhcp, moved)).toBe(true);
    expect(applyMayCutOff('wan', undefined, sectionDefaults.wan)).toBe(true);
    expect(applyMayCutOff('firewall', undefined, { ...sectionDefaults.firewall, enabled: false })).toBe(
      false,
    );
    expect(applyMayCutOff('wifi', sectionDefaults.wifi, { ...sectionDefaults.wifi, channel: 1 })).toBe(false);
  });
});

describe('profile template', () => {
  it('carries the SPEC 9 template defaults and is valid', () => {
    const template = profileTemplateDefaults('Shop');
    expect(template.mobileNetwork.simSetting.code).toBe('0000');
    expect(template.mobileNetwork.apnSetting).toMatchObject({ type: 'pnp', auth: 'PAP' });
    expect(template.wifi).toMatchObject({ mode: '2.4G', channel: 10, bandwidth: 20, tx_power: 100 });
    expect(profileTemplate.safeParse(template).success).toBe(true);
    expect(profileTemplate.safeParse({ ...template, name: '' }).error?.issues[0]?.message).toBe(
      'Profile name cannot be empty.',
    );
  });
});
