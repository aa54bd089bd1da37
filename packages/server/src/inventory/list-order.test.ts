/**
 * The inventory list's kept fleet order (fleetLister): the same pages and counts as the full pass, kept only
 * while the registry's records version stands, and the version moves when a record says something new.
 */
import { describe, expect, test } from 'vitest';
import { deviceSortKeys } from '@edge/protocol';
import { deviceChanges } from '../devices/changes.ts';
import { deviceRegistry } from '../devices/registry.ts';
import type { DeviceStore, DeviceRow } from '../devices/store.ts';
import { fleetLister, listDevices, type ListRequest } from './list.ts';

const silent = { info() {}, warn() {}, error() {} };

function fleet(size: number) {
  const registry = deviceRegistry({} as DeviceStore, deviceChanges(silent));
  for (let i = 0; i < size; i++)
    registry.add({
      id: (0x1000 + i).toString(16),
      serial: `S-${String((i * 37) % size).padStart(4, '0')}`,
      name: `Device ${(i * 7919) % 50}`,
      model: ['ER-605', 'IR-302'][i % 2],
      firmware: `1.${i % 7}`,
      ip: `10.0.${i >> 8}.${i & 255}`,
      hostname: `host-${i}`,
      mac: '02:00:00:00:00:01',
      adoption: 'adopted',
      group_id: null,
      idle: 0,
      secure_mode: 'Unsupported',
      report_interval: 30,
    } as unknown as DeviceRow);
  let n = 0;
  for (const d of registry.all()) d.online = n++ % 3 !== 0;
  return registry;
}

const request = (patch: Partial<ListRequest> = {}): ListRequest => ({
  page: 1,
  pageSize: 20,
  sortBy: 'name',
  order: 'asc',
  ...patch,
});
const noGroups = () => '';
const directoryOf = (registry: ReturnType<typeof fleet>) => ({
  scan: registry.all,
  recordsVersion: registry.recordsVersion,
  counts: () => registry.counts(),
});

describe('inventory list: the kept fleet order', () => {
  test('gives the pages and counts of the full pass in every order and filter', () => {
    const registry = fleet(300);
    const list = fleetLister(directoryOf(registry));
    const asks = [
      ...deviceSortKeys.flatMap((sortBy) => [
        request({ sortBy }),
        request({ sortBy, order: 'desc', page: 3, pageSize: 40 }),
      ]),
      request({ search: 'device 1' }),
      request({ online: false, sortBy: 'ip' }),
      request({ page: 15 }),
    ];
    for (const ask of asks) expect(list(ask, noGroups)).toEqual(listDevices(registry.all(), ask, noGroups));
  });

  test('follows a rename, a new device and a removal; counts follow the devices going offline', () => {
    const registry = fleet(50);
    const list = fleetLister(directoryOf(registry));
    const first = () => list(request({ pageSize: 1 }), noGroups);
    const last = registry.live((0x1000 + 49).toString(16))!;
    expect(first().page).not.toEqual([last.record.id]);

    registry.setRecord(last, { ...last.record, name: 'AAA first' });
    expect(first().page).toEqual([last.record.id]);

    const added = registry.add({
      ...({ adoption: 'adopted', idle: 0, secure_mode: 'Unsupported' } as unknown as DeviceRow),
      id: 'ffff',
      serial: 'S-NEW',
      name: 'AAA before all',
    } as DeviceRow);
    expect(first()).toMatchObject({ page: [added.record.id], totalNumber: 51 });

    registry.forget('ffff');
    expect(first()).toMatchObject({ page: [last.record.id], totalNumber: 50 });

    const online = first().numOnline;
    last.online = !last.online;
    expect(first().numOnline).toBe(online + (last.online ? 1 : -1));
  });

  test('the records version moves only when a record says something new', () => {
    const registry = fleet(3);
    const device = registry.live((0x1000).toString(16))!;
    const version = registry.recordsVersion();
    registry.setRecord(device, { ...device.record });
    expect(registry.recordsVersion()).toBe(version);
    registry.setRecord(device, { ...device.record, firmware: '9.9' });
    expect(registry.recordsVersion()).not.toBe(version);
  });
});
