import { describe, expect, it } from 'vitest';
import { renderSection } from './index.ts';
import { readGeneral } from './general.ts';
import { NFT_PATH } from './nft.ts';
import { parseUci } from './uciReader.ts';
import { chainRules, uciFile } from './testFiles.ts';

describe('general renderer', () => {
  it('hands the device name, the remote help switch (port 22) and the jump-to services to the agent', () => {
    const doc = {
      deviceName: "Shop 7 'north'",
      remoteHelp: true,
      jumpServices: [
        { name: 'Web interface', type: 'HTTP' as const, port: 80 },
        { name: 'Camera', type: 'TCP' as const, port: 8554 },
      ],
    };
    const { files } = renderSection('general', doc);
    expect(files).toEqual({
      '/etc/config/edge': uciFile(`config general 'general'
	option device_name 'Shop 7 '\\''north'\\'''
	option remote_help '1'
	option remote_help_port '22'

config jump_service 'jump_80'
	option name 'Web interface'
	option type 'HTTP'
	option port '80'

config jump_service 'jump_8554'
	option name 'Camera'
	option type 'TCP'
	option port '8554'
`),
    });
    expect(readGeneral(parseUci('edge', files['/etc/config/edge']!))).toEqual(doc);
  });
});

describe('clients renderer', () => {
  it('drops blacklisted MACs on input and forward', () => {
    const nft = renderSection('clients', {
      blacklist: [
        { mac: '1A:2B:3C:4D:5E:6F', name: 'tv' },
        { mac: '00:11:22:33:44:55', name: '' },
      ],
    }).files[NFT_PATH]!;
    expect(nft).toContain('elements = { 1a:2b:3c:4d:5e:6f, 00:11:22:33:44:55 }');
    expect(chainRules(nft, 'input')).toEqual(['ether saddr @blocked_macs drop']);
    expect(chainRules(nft, 'forward')).toEqual(['ether saddr @blocked_macs drop']);
  });

  it('renders nothing for an empty blacklist', () =>
    expect(renderSection('clients', { blacklist: [] }).files).toEqual({}));
});
