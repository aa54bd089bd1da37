/** Group names are read often (every list, every live batch) and change rarely: kept briefly in memory. */
import type { DeviceGroup } from '@edge/protocol';
import type { DeviceDirectory, DeviceView } from '../devices/index.ts';
import { freshOrLast } from '../db/unreachable.ts';

const GROUP_CACHE_MS = 2000;

export interface GroupNames {
  /** Every group, and each one's name by id; from memory when read in the last moments. */
  all(): Promise<{ groups: DeviceGroup[]; names: Map<number, string> }>;
  /** The next read goes to the store (a group was created, renamed or deleted). */
  changed(): void;
  /** Group names for these devices; a group created elsewhere (provisioning) since the last read is fetched. */
  namesFor(views: readonly DeviceView[]): Promise<Map<number, string>>;
}

export function groupNames(devices: Pick<DeviceDirectory, 'groups'>, now: () => number): GroupNames {
  let cache: { at: number; groups: DeviceGroup[]; names: Map<number, string> } | null = null;
  /** The cache is kept when it goes stale: while the database cannot be reached, the list still answers with it. */
  let stale = true;
  async function all() {
    if (cache && !stale && now() - cache.at <= GROUP_CACHE_MS) return cache;
    cache = await freshOrLast(async () => {
      const list = await devices.groups.list();
      stale = false;
      return { at: now(), groups: list, names: new Map(list.map((g) => [g.id, g.name])) };
    }, cache ?? undefined);
    return cache;
  }
  const changed = () => void (stale = true);
  return {
    all,
    changed,
    async namesFor(views) {
      const { names } = await all();
      if (views.every((v) => v.groupId === null || names.has(v.groupId))) return names;
      changed();
      return (await all()).names;
    },
  };
}
