import { describe, expect, it } from 'vitest';
import { SECTION_KEYS, sectionDefaults, type SectionDocs } from '@edge/protocol';
import { readDevice, renderDevice, sectionRenderers } from './index.ts';
import { mergeFragments } from './fragment.ts';
import { NFT_PATH } from './nft.ts';
import { UCI_CONFIGS, uciPath } from './uci.ts';
import { parseUci } from './uciReader.ts';
import { chainRules } from './testFiles.ts';

const device = (): SectionDocs => {
  const docs = structuredClone(sectionDefaults);
  docs.wifi.list.push({
    idx: 0,
    ssid: "It's; 'quoted' \\ here",
    password: "p'ss word!",
    toggle: true,
    vid: 1,
    wpa: 'WPA2',
  });
  docs.clients.blacklist.push({ mac: '1a:2b:3c:4d:5e:6f', name: 'tv' });
  docs.general.deviceName = 'Shop 7';
  return docs;
};

describe('device render', () => {
  it('has a renderer for every section', () =>
    expect(Object.keys(sectionRenderers).sort()).toEqual([...SECTION_KEYS].sort()));

  it('writes every file the agent owns, whole', () => {
    const { files } = renderDevice(device());
    expect(Object.keys(files).sort()).toEqual([...UCI_CONFIGS.map(uciPath), NFT_PATH].sort());
    expect(files['/etc/config/network']).toContain("config interface 'loopback'");
    for (const config of UCI_CONFIGS) expect(() => parseUci(config, files[uciPath(config)]!)).not.toThrow();
  });

  it('merges chains so the MSS clamp and the blacklist come before the firewall accepts', () => {
    const nft = renderDevice(device()).files[NFT_PATH]!;
    expect(chainRules(nft, 'forward').slice(0, 3)).toEqual([
      'tcp flags syn tcp option maxseg size set rt mtu',
      'ether saddr @blocked_macs drop',
      'ct state established,related accept',
    ]);
    expect(chainRules(nft, 'input')[0]).toBe('ether saddr @blocked_macs drop');
    expect(nft).toContain('elements = { "eth0", "wwan0" }');
  });

  it('reads back the sections the files hold, quotes and all', () => {
    const docs = device();
    const read = readDevice(renderDevice(docs).files);
    expect(read.portType).toEqual(docs.portType);
    expect(read.dhcp).toEqual(docs.dhcp);
    expect(read.wifi).toEqual(docs.wifi);
    expect(read.general).toEqual(docs.general);
  });

  it('stops when two sections would write the same UCI section', () => {
    const twice = {
      uci: [{ config: 'network' as const, type: 'interface', name: 'lan', options: {} }],
      nft: {},
    };
    expect(() => mergeFragments([twice, twice])).toThrow(/network\.lan/);
  });
});
