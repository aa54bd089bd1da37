import { describe, expect, it } from 'vitest';
import { generalCalls, generalDefaults, generalSection } from './general.ts';
import { blockClient, clientsSection, unblockClient } from './clients.ts';
import { DEVICE, issues } from './testIssues.ts';

describe('general section', () => {
  it('defaults to remote help off', () => {
    expect(generalDefaults.remoteHelp).toBe(false);
    expect(issues(generalSection, generalDefaults)).toEqual([]);
  });

  it('checks the device name', () => {
    expect(issues(generalSection, { ...generalDefaults, deviceName: '' })).toEqual([
      'deviceName: deviceNameEmpty',
    ]);
    expect(issues(generalSection, { ...generalDefaults, deviceName: 'a=b' })).toEqual([
      'deviceName: noEquals',
    ]);
  });

  it('sets the name and the remote help switch through separate calls', () => {
    const name = generalCalls.find(
      (c) => c.path.endsWith('/generalSetting/setting') && !c.path.includes('/agent/'),
    )!;
    const help = generalCalls.find((c) => c.path.endsWith('/agent/generalSetting/setting'))!;
    expect([name.method, help.method]).toEqual(['PATCH', 'POST']);
    expect(issues(name.request, { id: DEVICE, deviceName: 'Shop 7' })).toEqual([]);
    expect(issues(help.request, { id: DEVICE, remoteHelp: true })).toEqual([]);
  });
});

describe('clients section', () => {
  it('blocks MACs like 1a:2b:3c:4d:5e:6f, each once', () => {
    expect(issues(clientsSection, { blacklist: [{ mac: '1a:2b:3c:4d:5e:6f', name: 'tv' }] })).toEqual([]);
    expect(issues(clientsSection, { blacklist: [{ mac: '1a2b3c4d5e6f' }] })).toEqual([
      'blacklist.0.mac: macFormat',
    ]);
    expect(
      issues(clientsSection, { blacklist: [{ mac: '1a:2b:3c:4d:5e:6f' }, { mac: '1A:2B:3C:4D:5E:6F' }] }),
    ).toEqual(['blacklist.1.mac: macDuplicate']);
  });

  it('blocks and unblocks without regard to case', () => {
    const blocked = blockClient({ blacklist: [] }, { mac: '1A:2B:3C:4D:5E:6F', name: 'tv' });
    expect(blocked.blacklist).toEqual([{ mac: '1a:2b:3c:4d:5e:6f', name: 'tv' }]);
    expect(blockClient(blocked, { mac: '1a:2b:3c:4d:5e:6f', name: 'again' })).toBe(blocked);
    expect(unblockClient(blocked, '1A:2B:3C:4D:5E:6F').blacklist).toEqual([]);
  });
});
