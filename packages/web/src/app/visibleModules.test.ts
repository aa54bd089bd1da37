import { describe, expect, it } from 'vitest';
import { fullPermissionSet, permissionTree, type PermissionSet } from '@edge/protocol';
import { defineModule, type AppModule } from './module.ts';
import { addressList, visibleChildren, visibleModules } from './visibleModules.ts';
import { modules } from './modules.ts';
import { lazyPage } from '../components/chunks/lazyPage.ts';

const Page = lazyPage(() => Promise.resolve({ default: () => null }));
const fake = (key: AppModule['key'], children: string[] = []): AppModule =>
  defineModule({
    key,
    route: key.toLowerCase(),
    icon: () => null,
    color: '#000',
    titleKey: `apps.${key}`,
    children: children.map((c) => ({ key: c, route: c.toLowerCase(), titleKey: 'pages.Account' })),
    element: Page,
  });

const registry = [
  fake('Settings', ['Account', 'Upgrade', 'Company', 'Permission', 'Config', 'Network', 'Language']),
  fake('Diagnose', ['Ping', 'Speedtest']),
  fake('Log'),
];
const grant = { control: { enable: true }, isManagement: false };
const deny = { control: { enable: false }, isManagement: false };

describe('visible modules', () => {
  it('shows an app only when registered AND enabled', () => {
    const set: PermissionSet = { Settings: grant, Log: deny, Inventory: grant, Diagnose: grant };
    expect(visibleModules(registry, permissionTree(set)).map((m) => m.key)).toEqual(['Settings', 'Diagnose']);
  });

  it('hides children whose permission node is disabled; keeps children outside the tree', () => {
    const set: PermissionSet = { Settings: grant, Account: deny, Network: grant };
    expect(visibleChildren(registry[0]!, permissionTree(set)).map((c) => c.key)).toEqual([
      'Network',
      'Language',
    ]);
  });

  it('keeps Upgrade, Permission, Company, Config and Diagnose/Notification children out of the address list', () => {
    const list = addressList(registry, permissionTree(fullPermissionSet()));
    expect(list.map((e) => [e.module.key, e.children.map((c) => c.key)])).toEqual([
      ['Settings', ['Account', 'Network', 'Language']],
      ['Diagnose', []],
      ['Log', []],
    ]);
  });

  it('registers Settings with the pages that work today, and the Security app', () => {
    expect(modules.map((m) => m.key)).toEqual(expect.arrayContaining(['Settings', 'Security']));
    const settings = modules.find((m) => m.key === 'Settings')!;
    expect(settings.children?.map((c) => c.key)).toEqual([
      'Account',
      'Network',
      'Activity',
      'Company',
      'Permission',
      'SMTPServer',
      'Branding',
      'BackupRestore',
      'Upgrade',
      'Language',
    ]);
    const security = modules.find((m) => m.key === 'Security')!;
    expect(security.children?.map((c) => c.key)).toEqual(['AccessControlList', 'AccessToken', 'AdminACL']);
  });

  it('keeps Company and Permission out of the address list of the registered Settings app', () => {
    const list = addressList(modules, permissionTree(fullPermissionSet()));
    const settings = list.find((e) => e.module.key === 'Settings')!;
    expect(settings.children.map((c) => c.key)).toEqual([
      'Account',
      'Network',
      'Activity',
      'SMTPServer',
      'Branding',
      'BackupRestore',
      'Language',
    ]);
  });
});
