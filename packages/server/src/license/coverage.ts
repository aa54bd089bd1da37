/**
 * Which licence covers which device: a pure function of the licences (in priority order), the adopted
 * devices and the day. Licences in force are taken in priority order; one that names serials covers its
 * named devices not yet covered (each until its own expiry, at most the licence's end); one with a count
 * covers that many of the devices still uncovered, oldest adoption first, so the devices a fleet had
 * keep their licence when new ones arrive. While no licence was ever uploaded the trial covers all, until
 * it runs out. A device nothing covers is License Lock.
 */
import { licenseStatusOn, type LicensePayload } from '@edge/protocol';

export interface RankedLicense {
  payload: LicensePayload;
  priority: number;
}

export interface CoveredDevice {
  id: string;
  serial: string;
  adoptedAt: number | null;
}

export interface Cover {
  /** null: the trial. */
  licenseId: string | null;
  /** Last day covered (YYYY-MM-DD). */
  expire: string;
}

export interface Coverage {
  /** Device id -> what covers it; a device missing here is License Lock. */
  covers: Map<string, Cover>;
  /** Licence id -> devices it covers now. */
  used: Map<string, number>;
}

export interface Trial {
  /** Its days have not run out (counted to the millisecond: a trial of 0 days has already ended). */
  running: boolean;
  /** Last day of the trial (YYYY-MM-DD), shown as the expiry of what it covers. */
  lastDay: string;
}

const byAdoption = (a: CoveredDevice, b: CoveredDevice) =>
  (a.adoptedAt ?? 0) - (b.adoptedAt ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function coverage(
  licenses: readonly RankedLicense[],
  devices: readonly CoveredDevice[],
  today: string,
  trial: Trial,
): Coverage {
  const covers = new Map<string, Cover>();
  const used = new Map<string, number>();
  if (licenses.length === 0) {
    if (trial.running) for (const d of devices) covers.set(d.id, { licenseId: null, expire: trial.lastDay });
    return { covers, used };
  }
  const bySerial = new Map(devices.map((d) => [d.serial, d]));
  let oldestFirst: CoveredDevice[] | undefined;
  const ranked = [...licenses].sort((a, b) => a.priority - b.priority);
  for (const { payload } of ranked) {
    if (licenseStatusOn(today, payload) !== 'Active') continue;
    let n = 0;
    const cover = (d: CoveredDevice, expire: string) => {
      covers.set(d.id, { licenseId: payload.id, expire });
      n++;
    };
    if (payload.devices.length > 0) {
      for (const named of payload.devices) {
        const expire = named.expire && named.expire < payload.endDate ? named.expire : payload.endDate;
        const device = bySerial.get(named.sn);
        if (device && !covers.has(device.id) && expire >= today) cover(device, expire);
      }
    } else {
      oldestFirst ??= [...devices].sort(byAdoption);
      for (const d of oldestFirst) {
        if (n >= payload.count) break;
        if (!covers.has(d.id)) cover(d, payload.endDate);
      }
    }
    used.set(payload.id, n);
  }
  return { covers, used };
}
