/**
 * Enrolment (zero-touch provisioning, flow in protocol/src/device.ts): unknown serials wait in Discovery;
 * adoption, by the operator or by the provisioning list, turns the agent's enrolment key into its
 * credential; removal revokes it.
 */
import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  ApiFailure,
  ENROL_RETRY_MS,
  deviceTopic,
  enrolRequest,
  enrolTopic,
  isSerial,
  type EnrolReply,
  type EnrolRequest,
} from '@edge/protocol';
import { digest, sameSecret } from '../auth/tokens.ts';
import type { DevicesTable } from '../db/schema.ts';
import type { Bus, BusLog } from '../gateway/index.ts';
import type { DeviceChanges } from './changes.ts';
import type { GroupService } from './groups.ts';
import { batcher } from './batcher.ts';
import { keyedLock } from './keyed-lock.ts';
import type { DeviceRegistry } from './registry.ts';
import type { DeviceRow, DeviceStore } from './store.ts';
import type { AdoptOptions, DeviceView, DiscoveryDevice, ProvisionEntry } from './types.ts';
import { toDiscovery, toView } from './views.ts';

export interface EnrolmentDeps {
  store: DeviceStore;
  registry: DeviceRegistry;
  groups: GroupService;
  bus: Bus;
  changes: DeviceChanges;
  log: BusLog;
  /** Drops what other services keep about a removed device (pending calls, unwritten samples). */
  onRemoved(deviceId: string): void;
}

/** How long an 'adopted' answer is repeated from memory: a few of the agent's repeat periods. */
const ANSWER_MEMORY_MS = 6 * ENROL_RETRY_MS;

/** Enrolment requests answered together at most (statements stay under the databases' parameter limits). */
const ENROL_BATCH = 512;

const newDeviceId = (): string => randomBytes(8).toString('hex');
const bySerial = (a: { sn: string }, b: { sn: string }) => {
  const x = a.sn.toLowerCase();
  const y = b.sn.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

export function enrolmentService(deps: EnrolmentDeps) {
  const { store, registry, groups, bus, changes, log } = deps;
  const serially = keyedLock();
  /**
   * Requests being handled, by serial and key. An agent repeats its request every ENROL_RETRY_MS until it
   * hears back; when the console is slow (a fleet enrolling at once), the repeats queued up behind the first
   * and each did the work again: the bench's 10,000 devices on PostgreSQL sent 64,838 requests. A repeat
   * of a request still in hand is dropped: the answer to the first reaches the agent all the same.
   */
  const inHand = new Set<string>();
  /**
   * Serials answered 'adopted' a moment ago, with the key and the device id. The repeats an agent sent
   * before it heard the answer keep arriving after it (the same bench: 53,000 of them), and each read the
   * device from the database again; these are answered from here.
   */
  const answered = new Map<string, { keyHash: string; deviceId: string; until: number }>();
  let sweepAt = 0;
  function rememberAnswer(row: DeviceRow, keyHash: string): void {
    const now = Date.now();
    // Now and then the old answers go, so a fleet's worth of them does not stay in memory.
    if (now > sweepAt) {
      for (const [serial, a] of answered) if (a.until <= now) answered.delete(serial);
      sweepAt = now + ANSWER_MEMORY_MS;
    }
    answered.set(row.serial, { keyHash, deviceId: row.id, until: now + ANSWER_MEMORY_MS });
  }

  const reply = (serial: string, message: EnrolReply) =>
    bus.publish(enrolTopic(serial, 'reply'), JSON.stringify(message), { qos: 1 });

  const adoptedReply = (row: DeviceRow): EnrolReply => ({
    status: 'adopted',
    deviceId: row.id,
    username: row.id,
  });

  /** The columns adoption sets; the operator's (or the provisioning list's) choices over what the row had. */
  const adoptionColumns = (
    row: Pick<DeviceRow, 'name' | 'serial' | 'group_id' | 'profile'>,
    opts: AdoptOptions,
  ) => ({
    adoption: 'adopted' as const,
    name: opts.name?.trim() || row.name || row.serial,
    group_id: opts.groupId !== undefined ? opts.groupId : row.group_id,
    profile: opts.profile ?? row.profile,
    adopted_at: Date.now(),
  });

  /** An adopted row into the registry, and its agent told, once the broker accepts its key. */
  async function announceAdopted(row: DeviceRow): Promise<DeviceView> {
    const live = registry.add(row);
    registry.emitState(live);
    // A broker that keeps credentials itself must accept the key before the agent learns it is adopted
    // (a refused agent forgets its identity); without its key yet, the agent's next request stages it.
    if ((await bus.credentials?.grant(row.id)) === false) return toView(live);
    await reply(row.serial, adoptedReply(row));
    rememberAnswer(row, row.credential_hash);
    log.info({ deviceId: row.id, serial: row.serial }, 'device adopted');
    return toView(live);
  }

  async function adoptRow(row: DeviceRow, opts: AdoptOptions): Promise<DeviceView> {
    const patch = adoptionColumns(row, opts);
    await store.update(row.id, patch);
    return announceAdopted({ ...row, ...patch });
  }

  /** The provisioning list's settings for these serials, with group names turned into ids (made if new). */
  async function provisionedOptions(serials: string[]): Promise<Map<string, AdoptOptions>> {
    const entries = serials.length ? await store.findProvisions(serials) : [];
    const groupIds = new Map<string, number>();
    for (const name of new Set(entries.map((e) => e.group_name).filter(Boolean)))
      groupIds.set(name, (await groups.ensure(name)).id);
    return new Map(
      entries.map((e) => [
        e.serial,
        { name: e.name, groupId: e.group_name ? groupIds.get(e.group_name)! : null, profile: e.profile },
      ]),
    );
  }

  async function findRow(idOrSerial: string): Promise<DeviceRow> {
    const row = (await store.findById(idOrSerial)) ?? (await store.findBySerial(idOrSerial));
    if (!row) throw new ApiFailure(404, 'notFound', 'Device not found.');
    return row;
  }

  interface Asking {
    serial: string;
    request: EnrolRequest;
    keyHash: string;
  }

  /**
   * Enrolments are answered in batches: 10,000 agents enrolling at once took six to eight queries each,
   * one device after another, queued behind the adopted devices' own work (PostgreSQL: 150-210 s for the
   * bench's 10,000). A batch is one read of its serials, one of their provisioning entries and one
   * multi-row insert, whatever its size.
   */
  const queue = batcher<Asking>((a) => a.serial, answerBatch, ENROL_BATCH);

  async function handleRequest(serial: string, payload: unknown): Promise<void> {
    const parsed = enrolRequest.safeParse(payload);
    if (!parsed.success || parsed.data.serial !== serial) {
      log.warn({ serial }, 'malformed enrolment request');
      return;
    }
    const request = parsed.data;
    const keyHash = digest(request.key);
    const handling = `${serial}\n${keyHash}`;
    if (inHand.has(handling)) return;
    const recent = answered.get(serial);
    if (recent && recent.until > Date.now() && recent.keyHash === keyHash && registry.live(recent.deviceId)) {
      await reply(serial, { status: 'adopted', deviceId: recent.deviceId, username: recent.deviceId });
      return;
    }
    inHand.add(handling);
    try {
      await queue.add({ serial, request, keyHash });
    } finally {
      inHand.delete(handling);
    }
  }

  /** Each device of a batch on its own: one that fails (its broker refuses) does not fail the others. */
  async function eachDevice(batch: Asking[], work: (a: Asking) => Promise<unknown>) {
    for (const a of batch)
      await work(a).catch((err: unknown) => log.error({ err, serial: a.serial }, 'enrolment request failed'));
  }

  async function answerBatch(batch: Asking[]): Promise<void> {
    const serials = batch.map((a) => a.serial);
    await serially.all(serials, async () => {
      const known = new Map((await store.findBySerials(serials)).map((row) => [row.serial, row]));
      const adopted = batch.filter((a) => known.get(a.serial)?.adoption === 'adopted');
      await eachDevice(adopted, (a) => answerAdopted(known.get(a.serial)!, a));

      const waiting = batch.filter((a) => known.get(a.serial)?.adoption !== 'adopted');
      if (waiting.length === 0) return;
      const provisioned = await provisionedOptions(waiting.map((a) => a.serial));
      const fresh: Insertable<DevicesTable>[] = [];
      for (const a of waiting) {
        const row = known.get(a.serial);
        if (!row) fresh.push(newRow(a, provisioned.get(a.serial)));
        else {
          // Waiting in Discovery and asking again, perhaps with a new key (the agent was reset).
          await store.update(row.id, enrolFields(a));
          known.set(a.serial, { ...row, ...enrolFields(a) });
        }
      }
      await store.insertMany(fresh);
      const freshIds = new Set(fresh.map((r) => r.id));
      // Read back whole (defaults included); a serial another replica inserted first comes back as its row.
      for (const row of fresh.length ? await store.findBySerials(fresh.map((r) => r.serial)) : [])
        known.set(row.serial, row);

      await eachDevice(waiting, async (a) => {
        const row = known.get(a.serial);
        if (!row || row.credential_hash !== a.keyHash) return;
        await bus.credentials?.stage(row.id, a.request.key);
        const opts = provisioned.get(a.serial);
        // Inserted adopted just now (it was on the provisioning list), or provisioned while it waited.
        if (row.adoption === 'adopted') await announceAdopted(row);
        else if (opts) await adoptRow(row, opts);
        else {
          if (freshIds.has(row.id))
            changes.emit({ type: 'discovered', deviceId: row.id, serial: row.serial });
          await reply(a.serial, { status: 'pending' });
        }
      });
    });
  }

  /** A device the console has not seen: straight to adopted when the provisioning list names it. */
  function newRow(a: Asking, provisioned: AdoptOptions | undefined): Insertable<DevicesTable> {
    const blank = { serial: a.serial, name: '', group_id: null, profile: '' };
    return {
      id: newDeviceId(),
      ...blank,
      ...enrolFields(a),
      ...(provisioned
        ? adoptionColumns(blank, provisioned)
        : { adoption: 'pending' as const, adopted_at: null }),
      latitude: null,
      longitude: null,
      last_seen_at: null,
      created_at: Date.now(),
    };
  }

  const enrolFields = ({ request, keyHash }: Asking) => ({
    model: request.model,
    firmware: request.firmware,
    ip: request.ip,
    mac: request.mac,
    iface_name: request.ifaceName,
    credential_hash: keyHash,
  });

  /** The reply may have been lost: answer again, but only to the key that was adopted. */
  async function answerAdopted(existing: DeviceRow, { serial, request, keyHash }: Asking): Promise<void> {
    if (!sameSecret(existing.credential_hash, keyHash)) {
      log.warn({ serial }, 'enrolment request for an adopted serial with another key; ignored');
      return;
    }
    // Also when the broker missed the key (adopted while no request came, or a crash in between).
    await bus.credentials?.stage(existing.id, request.key);
    await bus.credentials?.grant(existing.id);
    await reply(serial, adoptedReply(existing));
    rememberAnswer(existing, keyHash);
  }

  const service = {
    /** An `edge/v1/enrol/{serial}/request` message. */
    handleRequest: (serial: string, payload: unknown): Promise<void> =>
      handleRequest(serial, payload).catch((err: unknown) =>
        log.error({ err, serial }, 'enrolment request failed'),
      ),

    /** Provision > Discovery: devices waiting for adoption, by serial, case-insensitive (SPEC 3). */
    async listDiscovery(): Promise<DiscoveryDevice[]> {
      return (await store.listPending()).map(toDiscovery).sort(bySerial);
    },

    /** Adopts a pending device (by id or serial) and sends the waiting agent its identity. */
    adopt(idOrSerial: string, opts: AdoptOptions = {}): Promise<DeviceView> {
      return findRow(idOrSerial).then((found) =>
        serially(found.serial, async () => {
          const row = await findRow(found.id);
          if (row.adoption === 'adopted') return toView(registry.live(row.id) ?? registry.add(row));
          return adoptRow(row, opts);
        }),
      );
    },

    /**
     * Adds serials to the provisioning list (upload CSV): each is adopted as soon as it enrols, or now if it
     * already waits in Discovery. Returns how many were adopted now.
     */
    async provision(entries: ProvisionEntry[]): Promise<{ provisioned: number; adopted: number }> {
      const bad = entries.find((e) => !isSerial(e.serial));
      if (bad) throw new ApiFailure(400, 'invalidRequest', `Invalid serial number: ${bad.serial}`);
      // A serial listed twice (a CSV with repeats): the last line wins.
      entries = [...new Map(entries.map((e) => [e.serial, e])).values()];
      const now = Date.now();
      await store.upsertProvision(
        entries.map((e) => ({
          serial: e.serial,
          name: e.name ?? '',
          group_name: e.group ?? '',
          profile: e.profile ?? '',
          created_at: now,
        })),
      );
      const waiting = await store.findPendingSerials(entries.map((e) => e.serial));
      const settings = await provisionedOptions(waiting.map((d) => d.serial));
      let adopted = 0;
      for (const device of waiting) {
        await service.adopt(device.id, settings.get(device.serial) ?? {});
        adopted++;
      }
      return { provisioned: entries.length, adopted };
    },

    /** The demo launcher's shortcut: provision these serials with common settings. */
    provisionSerials: (serials: string[], common: Omit<ProvisionEntry, 'serial'> = {}) =>
      service.provision(serials.map((serial) => ({ ...common, serial }))),

    listProvisioned: async (): Promise<ProvisionEntry[]> =>
      (await store.listProvision()).map((r) => ({
        serial: r.serial,
        name: r.name,
        group: r.group_name,
        profile: r.profile,
      })),

    unprovision: async (serial: string): Promise<void> => {
      await store.deleteProvision(serial);
    },

    /**
     * Removes a device from the console: its credential stops working at once, its live connection is
     * closed, its records go, and its serial leaves the provisioning list: it must be provisioned again.
     */
    async remove(idOrSerial: string): Promise<void> {
      const row = await findRow(idOrSerial);
      await serially(row.serial, async () => {
        // First, so that a broker that refuses fails the removal rather than leaving a working key behind.
        await bus.credentials?.revoke(row.id);
        answered.delete(row.serial);
        registry.forget(row.id);
        bus.disconnectDevice(row.id);
        deps.onRemoved(row.id);
        await store.remove(row.id);
        await store.deleteProvision(row.serial);
        // Clear the retained presence word, so no console starting later believes in this device.
        await bus.publish(deviceTopic(row.id, 'status'), '', { retain: true });
        changes.emit({ type: 'removed', deviceId: row.id, serial: row.serial });
        log.info({ deviceId: row.id, serial: row.serial }, 'device removed');
      });
    },
  };
  return service;
}

export type EnrolmentService = Omit<ReturnType<typeof enrolmentService>, 'handleRequest'>;
export type EnrolmentEngine = ReturnType<typeof enrolmentService>;
