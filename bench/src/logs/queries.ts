/**
 * The Log grid's filtered queries, as an operator uses them, each asked through the service the routes
 * call (the page plus the look-ahead of SPEC 3's pageArray, or the function list).
 */
import type { LogQuery } from '@edge/protocol';
import { deviceId, PROGRAMS, type Rng } from './lines.ts';

export interface QueryKind {
  name: string;
  /** The query of one sample; `page` of a keyset page comes with its pageID (filled by the runner). */
  make(
    r: Rng,
    o: { devices: number; newest: number; oldest: number },
  ): Partial<LogQuery> & { keyset?: boolean };
}

const base = { levelName: 'All' as const, page: 1, pageSize: 10 };

export const QUERY_KINDS: QueryKind[] = [
  { name: 'newest (no filter)', make: () => base },
  { name: 'device', make: (r, o) => ({ ...base, deviceID: deviceId(r.int(o.devices)) }) },
  {
    name: 'device + level Warning',
    make: (r, o) => ({ ...base, deviceID: deviceId(r.int(o.devices)), levelName: 'Warning' }),
  },
  { name: 'level Error', make: () => ({ ...base, levelName: 'Error' }) },
  { name: 'function', make: (r) => ({ ...base, functionName: r.pick(PROGRAMS) }) },
  {
    name: 'time range (10 min)',
    make: (r, o) => {
      const start = o.oldest + r.int(Math.max(1, o.newest - o.oldest - 600_000));
      return { ...base, startDate: start, endDate: start + 600_000 };
    },
  },
  {
    name: 'device + time range (1 h)',
    make: (r, o) => {
      const start = o.oldest + r.int(Math.max(1, o.newest - o.oldest - 3_600_000));
      return { ...base, deviceID: deviceId(r.int(o.devices)), startDate: start, endDate: start + 3_600_000 };
    },
  },
  { name: 'key word (common)', make: () => ({ ...base, key: 'DHCPACK' }) },
  {
    name: 'level Error + key word',
    make: () => ({ ...base, levelName: 'Error', key: 'failed with code 17' }),
  },
  {
    name: 'device + key word',
    make: (r, o) => ({ ...base, deviceID: deviceId(r.int(o.devices)), key: 'associated' }),
  },
  {
    // One client's lines across the whole table (about 1 line in 7,000): found through the key-word index.
    name: 'key word (rare: one client)',
    make: (r) => ({ ...base, key: `client-${1000 + r.int(4000)}` }),
  },
  {
    name: 'key word (rare) + time range (6 h)',
    make: (r, o) => {
      const start = o.oldest + r.int(Math.max(1, o.newest - o.oldest - 6 * 3_600_000));
      return {
        ...base,
        key: `client-${1000 + r.int(4000)}`,
        startDate: start,
        endDate: start + 6 * 3_600_000,
      };
    },
  },
  {
    name: 'device + level + key word + time range (6 h)',
    make: (r, o) => {
      const start = o.oldest + r.int(Math.max(1, o.newest - o.oldest - 6 * 3_600_000));
      return {
        ...base,
        deviceID: deviceId(r.int(o.devices)),
        levelName: 'Info',
        key: 'ETH2',
        startDate: start,
        endDate: start + 6 * 3_600_000,
      };
    },
  },
  {
    name: 'page 5 by pageID (device)',
    make: (r, o) => ({ ...base, deviceID: deviceId(r.int(o.devices)), keyset: true }),
  },
];
