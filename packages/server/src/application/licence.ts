/**
 * SPEC 3 Container licence: count, used, unused. The count comes from the licences in force (license/
 * `containerCount`); it is unlimited (null) while none is held, and every deploy passes; `check` refuses
 * a deploy past it.
 */
import { fail } from '../http/errors.ts';
import type { DeviceDirectory } from '../devices/index.ts';

export interface ContainerLicence {
  view(): { count: number | null; used: number; unused: number | null };
  /** Throws when `more` apps would pass the licence. */
  check(more: number): void;
}

export function containerLicence(
  devices: DeviceDirectory,
  count: () => number | null = () => null,
): ContainerLicence {
  /** Apps deployed by the console, as the devices last reported them. */
  const used = (): number => {
    let n = 0;
    for (const device of devices.scan()) {
      if (!device.capabilities.includes('containers')) continue;
      n += devices.get(device.record.id)?.telemetry?.containers.length ?? 0;
    }
    return n;
  };
  return {
    view() {
      const limit = count();
      const inUse = used();
      return { count: limit, used: inUse, unused: limit === null ? null : Math.max(0, limit - inUse) };
    },
    check(more) {
      const limit = count();
      if (limit !== null && used() + more > limit) throw fail(409, 'containerLicenceExceeded');
    },
  };
}
