/** Tunnel address management never hands out an address twice, nor a subnet overlapping another or a LAN. */
import { describe, expect, test } from 'vitest';
import { allocator, rangeSize, subnetConflict } from './ipam.ts';

describe('SD-WAN IPAM', () => {
  test('allocations across several subnets and ranges never repeat and stay inside the ranges', () => {
    const subnets = [
      { cidr: '100.64.0.0/29', rangeStart: '', rangeEnd: '' },
      { cidr: '172.30.0.0/24', rangeStart: '172.30.0.10', rangeEnd: '172.30.0.20' },
    ];
    const used = ['100.64.0.2', '172.30.0.12'];
    const ips = allocator(subnets, used);
    const got: string[] = [];
    for (let ip = ips.next(); ip; ip = ips.next()) got.push(ip);
    // 6 usable in the /29 and 11 in the range, less the 2 in use.
    expect(got).toHaveLength(rangeSize(subnets[0]!) + rangeSize(subnets[1]!) - used.length);
    expect(new Set([...got, ...used]).size).toBe(got.length + used.length);
    expect(got).not.toContain('100.64.0.0');
    expect(got).not.toContain('100.64.0.7');
    expect(
      got
        .filter((ip) => ip.startsWith('172.30.'))
        .every((ip) => {
          const last = Number(ip.split('.')[3]);
          return last >= 10 && last <= 20;
        }),
    ).toBe(true);
  });

  test('random batches with releases in between never hand out an address that is held', () => {
    const subnets = [{ cidr: '10.200.0.0/22', rangeStart: '', rangeEnd: '' }];
    const held = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const ips = allocator(subnets, held);
      for (let i = 0; i < 40; i++) {
        const ip = ips.next();
        if (!ip) break;
        expect(held.has(ip)).toBe(false);
        held.add(ip);
      }
      for (const ip of [...held]) if (Math.random() < 0.3) held.delete(ip);
    }
  });

  test('a subnet overlapping another subnet or a LAN is named; touching ranges are not overlaps', () => {
    const subnets = [{ id: 1, cidr: '100.64.0.0/16', rangeStart: '', rangeEnd: '' }];
    expect(subnetConflict('100.64.128.0/24', subnets, [])).toBe('100.64.0.0/16');
    expect(subnetConflict('100.65.0.0/16', subnets, [])).toBeNull();
    expect(subnetConflict('192.168.0.0/16', subnets, ['192.168.1.0/24'])).toBe('192.168.1.0/24');
    expect(subnetConflict('100.64.0.0/24', subnets, [], 1)).toBeNull();
  });
});
