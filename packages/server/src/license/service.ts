/**
 * Licences: checking and keeping uploaded files, their priority, which devices they cover (coverage.ts)
 * and the License Lock of the rest, the trial, container seats, and the sales support mail. Coverage is
 * held in memory and recomputed when licences change here, when a device arrives or leaves, and every
 * few seconds (so another replica's upload, and midnight's expiries, reach this one).
 */
import {
  ApiFailure,
  licenseStatusOn,
  licenseStatuses,
  messages,
  utcDay,
  type ContainerLicense,
  type LicenseDevice,
  type LicenseLink,
  type LicensePayload,
  type LicenseView,
  type SalesRequest,
  type SortOrder,
  type TrialView,
} from '@edge/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceDirectory } from '../devices/index.ts';
import { fail } from '../http/errors.ts';
import type { SmtpService } from '../smtp/service.ts';
import { checkLicense, publicKeyOf } from './signing.ts';
import { coverage, type Coverage, type RankedLicense } from './coverage.ts';
import type { LicenseStore } from './store.ts';
import { salesMail } from './sales-mail.ts';

const DAY_MS = 86_400_000;
/** How often coverage is recomputed from the store without a local reason. */
const REFRESH_MS = 5000;
/** A burst of adoptions is counted once. */
const SETTLE_MS = 300;

interface Held extends RankedLicense {
  uploadedAt: number;
}

export interface LicenseServiceDeps {
  store: LicenseStore;
  devices: DeviceDirectory;
  smtp: Pick<SmtpService, 'send'>;
  log: FastifyBaseLogger;
  publicKeyPem: string;
  trialDays: number;
  now?: () => number;
}

export function licenseService(deps: LicenseServiceDeps) {
  const { store, devices, log, now = Date.now } = deps;
  const key = publicKeyOf(deps.publicKeyPem);
  let held: Held[] = [];
  let trialStartedAt = now();
  let covered: Coverage = { covers: new Map(), used: new Map() };
  let locked = new Set<string>();
  let known = new Set<string>();

  const trialEndsAt = () => trialStartedAt + deps.trialDays * DAY_MS;
  const trial = (): TrialView => ({
    inUse: held.length === 0,
    expired: now() >= trialEndsAt(),
    startedAt: trialStartedAt,
    expiresAt: trialEndsAt(),
  });

  /** The registry's membership when `known` was last found to be the fleet (fresh()). */
  let knownMembership = -1;

  function recompute(): void {
    knownMembership = devices.membership();
    const fleet = [...devices.scan()].map((d) => ({
      id: d.record.id,
      serial: d.record.serial,
      adoptedAt: d.record.adoptedAt,
    }));
    covered = coverage(held, fleet, utcDay(now()), {
      running: now() < trialEndsAt(),
      lastDay: utcDay(trialEndsAt() - 1),
    });
    locked = new Set(fleet.filter((d) => !covered.covers.has(d.id)).map((d) => d.id));
    known = new Set(fleet.map((d) => d.id));
    devices.setLicenseLocks(locked);
  }

  /** What the coverage was last refreshed from: the stored licences, the fleet, the day and the trial. */
  let refreshedFrom = '';

  /**
   * Reads the licences again (each file checked again: a changed public key drops what it did not sign) and
   * recomputes the coverage, unless nothing it depends on changed: it runs every few seconds, and checking each
   * file and walking the whole fleet again for the same answer was a steady cost of a large fleet.
   */
  async function refresh(): Promise<void> {
    const rows = await store.list();
    const basis = [
      utcDay(now()),
      now() < trialEndsAt(),
      devices.membership(),
      ...rows.map((r) => `${r.id}|${r.priority}|${r.uploaded_at}|${r.file}`),
    ].join('\n');
    if (basis === refreshedFrom) return;
    refreshedFrom = basis;
    held = [];
    for (const row of rows) {
      const checked = checkLicense(row.file, key);
      if (!checked.ok) {
        log.warn({ license: row.id, reason: checked.reason }, 'stored licence no longer checks; not used');
        continue;
      }
      held.push({ payload: checked.payload, priority: row.priority, uploadedAt: row.uploaded_at });
    }
    recompute();
  }

  /**
   * Recomputes first when the fleet is not the one last covered (a device adopted or removed within the
   * settling delay), so an answer never tells of a device as if no licence covered it yet.
   */
  function fresh(): void {
    // No device adopted or removed since the fleet was last found known: a deploy to 10,000 devices asks for
    // each of them, and a look at the whole fleet per device held the event loop for seconds.
    const membership = devices.membership();
    if (membership === knownMembership) return;
    let n = 0;
    for (const d of devices.scan()) {
      if (!known.has(d.record.id)) return recompute();
      n++;
    }
    if (n !== known.size) return recompute();
    knownMembership = membership;
  }

  let settle: NodeJS.Timeout | undefined;
  const soon = () => {
    settle ??= setTimeout(() => {
      settle = undefined;
      recompute();
    }, SETTLE_MS);
  };
  const stopListening = devices.onChange((change) => {
    if (change.type === 'removed' || (change.type === 'state' && !known.has(change.deviceId))) soon();
  });
  let timer: NodeJS.Timeout | undefined;

  function find(id: string): Held {
    const found = held.find((l) => l.payload.id === id);
    if (!found) throw fail(404, 'notFound');
    return found;
  }

  function viewOf({ payload, priority, uploadedAt }: Held): LicenseView {
    const statusName = licenseStatusOn(utcDay(now()), payload);
    const number = payload.devices.length > 0 ? payload.devices.length : payload.count;
    const used = covered.used.get(payload.id) ?? 0;
    return {
      id: payload.id,
      name: payload.name,
      customer: payload.customer,
      priority,
      startDate: payload.startDate,
      endDate: payload.endDate,
      status: licenseStatuses.indexOf(statusName),
      statusName,
      contactName: payload.contactName,
      contactEmail: payload.contactEmail,
      contactPhone: payload.contactPhone,
      kind: payload.devices.length > 0 ? 'serials' : 'count',
      number,
      used,
      unused: Math.max(0, number - used),
      uploadedAt,
    };
  }

  function devicesOf(payload: LicensePayload): LicenseDevice[] {
    if (payload.devices.length > 0) {
      const bySerial = new Map([...devices.scan()].map((d) => [d.record.serial, d.record]));
      return payload.devices.map((named) => {
        const record = bySerial.get(named.sn);
        return {
          deviceId: record?.id ?? '',
          name: record?.name ?? '',
          sn: named.sn,
          expire: named.expire && named.expire < payload.endDate ? named.expire : payload.endDate,
          covered: record !== undefined && covered.covers.get(record.id)?.licenseId === payload.id,
        };
      });
    }
    const list: LicenseDevice[] = [];
    for (const d of devices.scan()) {
      const cover = covered.covers.get(d.record.id);
      if (cover?.licenseId === payload.id)
        list.push({
          deviceId: d.record.id,
          name: d.record.name,
          sn: d.record.serial,
          expire: cover.expire,
          covered: true,
        });
    }
    return list;
  }

  /** Seats an application may use: the counts of the licences in force that grant it. */
  function seatsAllowed(applicationName: string): number {
    const today = utcDay(now());
    let count = 0;
    for (const { payload } of held)
      if (licenseStatusOn(today, payload) === 'Active')
        for (const grant of payload.containers)
          if (grant.applicationName === applicationName) count += grant.count;
    return count;
  }

  const service = {
    async start(): Promise<void> {
      trialStartedAt = await store.trialStartedAt(now());
      await refresh();
      timer = setInterval(() => {
        refresh().catch((err: unknown) => log.warn({ err }, 'licence refresh failed'));
      }, REFRESH_MS);
      timer.unref();
    },

    stop(): void {
      clearInterval(timer);
      clearTimeout(settle);
      stopListening();
    },

    refresh,

    /**
     * Refuses a change to a device no licence covers (423, the SPEC's License Lock). The device
     * configuration's write path calls it; terminal and deploys call it too.
     */
    assertUnlocked(deviceId: string): void {
      fresh();
      if (!locked.has(deviceId)) return;
      if (held.length === 0) throw fail(423, 'trialExpired');
      throw fail(423, 'licenseLocked');
    },

    isLocked: (deviceId: string): boolean => locked.has(deviceId),

    list() {
      fresh();
      return { list: held.map(viewOf), trial: trial() };
    },

    status() {
      fresh();
      return { trial: trial(), lockedDevices: locked.size };
    },

    /** Checks an uploaded file and keeps it; a bad signature, an unreadable or an expired file is refused. */
    async upload(bytes: Buffer, user: string): Promise<LicenseView> {
      const text = bytes.toString('utf8');
      const checked = checkLicense(text, key);
      if (!checked.ok)
        throw fail(400, checked.reason === 'signature' ? 'licenseSignatureInvalid' : 'licenseFormat');
      const { payload } = checked;
      if (licenseStatusOn(utcDay(now()), payload) === 'Expired') throw fail(400, 'licenseExpired');
      await store.put({
        id: payload.id,
        name: payload.name,
        file: text,
        payload: JSON.stringify(payload),
        uploaded_at: now(),
        uploaded_by: user,
      });
      await refresh();
      return viewOf(find(payload.id));
    },

    /** Moves a licence to `priority` (1 first); the others keep their order around it. */
    async setPriority(id: string, priority: number) {
      const moved = find(id);
      if (priority > held.length) throw fail(400, 'licensePriorityInvalid');
      const order = held.filter((l) => l !== moved).map((l) => l.payload.id);
      order.splice(priority - 1, 0, id);
      await store.reorder(order);
      await refresh();
      return service.list();
    },

    async remove(id: string): Promise<void> {
      if (!(await store.remove(id))) throw fail(404, 'notFound');
      await refresh();
    },

    /** A licence's devices sorted by expiry (then serial), one page. */
    devices(query: { id: string; order: SortOrder; page: number; pageSize: number }) {
      fresh();
      const sign = query.order === 'desc' ? -1 : 1;
      const all = devicesOf(find(query.id).payload).sort(
        (a, b) => sign * (a.expire.localeCompare(b.expire) || a.sn.localeCompare(b.sn)),
      );
      const from = (query.page - 1) * query.pageSize;
      return { list: all.slice(from, from + query.pageSize), totalNumber: all.length };
    },

    links(): { list: LicenseLink[] } {
      fresh();
      const names = new Map(held.map((l) => [l.payload.id, l.payload.name]));
      const list: LicenseLink[] = [];
      for (const d of devices.scan()) {
        const cover = covered.covers.get(d.record.id);
        list.push({
          deviceId: d.record.id,
          name: d.record.name,
          sn: d.record.serial,
          licenseId: cover?.licenseId ?? null,
          licenseName: cover?.licenseId ? (names.get(cover.licenseId) ?? '') : '',
          expire: cover?.expire ?? '',
          licenseLock: !cover,
        });
      }
      return { list };
    },

    /** SPEC 3 Container licence: per application, over the licences in force. */
    async containers(): Promise<{ list: ContainerLicense[] }> {
      const today = utcDay(now());
      const used = await store.seatsUsed();
      const byApp = new Map<string, ContainerLicense>();
      for (const { payload } of held) {
        if (licenseStatusOn(today, payload) !== 'Active') continue;
        for (const grant of payload.containers) {
          const seen = byApp.get(grant.applicationName);
          byApp.set(grant.applicationName, {
            applicationName: grant.applicationName,
            count: (seen?.count ?? 0) + grant.count,
            used: 0,
            unused: 0,
            startDate: seen && seen.startDate < payload.startDate ? seen.startDate : payload.startDate,
            endDate: seen && seen.endDate > payload.endDate ? seen.endDate : payload.endDate,
          });
        }
      }
      const list = [...byApp.values()].map((c) => {
        const n = used.get(c.applicationName) ?? 0;
        return { ...c, used: n, unused: Math.max(0, c.count - n) };
      });
      return { list };
    },

    /**
     * For the Application module's deploys: the device must be licensed and a seat of the application
     * free (a device keeps the seat it holds); refused with the SPEC's words otherwise.
     */
    async claimContainerSeat(applicationName: string, deviceId: string): Promise<void> {
      service.assertUnlocked(deviceId);
      if (!(await store.claimSeat(applicationName, deviceId, seatsAllowed(applicationName), now())))
        throw fail(409, 'containerLicenseExhausted');
    },

    /**
     * Container apps all licences in force allow together (the Application module's one pool); null while
     * none is held (the trial limits no deploy).
     */
    containerCount(): number | null {
      if (held.length === 0) return null;
      const today = utcDay(now());
      let count = 0;
      for (const { payload } of held)
        if (licenseStatusOn(today, payload) === 'Active')
          for (const grant of payload.containers) count += grant.count;
      return count;
    },

    releaseContainerSeat: (applicationName: string, deviceId: string) =>
      store.releaseSeat(applicationName, deviceId),

    /** Sends the sales support form through the configured SMTP server, to its receiver. */
    async sales(request: SalesRequest, user: string): Promise<void> {
      try {
        await deps.smtp.send(salesMail(request, user));
      } catch (err) {
        if (err instanceof ApiFailure) throw err;
        throw fail(502, 'salesSendFailed', `${messages.salesSendFailed} ${(err as Error).message}`);
      }
    },
  };
  return service;
}

export type LicenseService = ReturnType<typeof licenseService>;
