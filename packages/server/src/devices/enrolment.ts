/**
 * Enrolment (zero-touch provisioning, flow in protocol/src/device.ts): unknown serials wait in Discovery;
 * adoption, by the operator or by the provisioning list, turns the agent's enrolment key into its
 * credential; removal revokes it.
 *
 * The serial is printed on the device and often sequential, so it proves nothing (issue 13): a request is
 * taken only with the organisation's enrolment secret (enrol-secret.ts) or the serial's claim code from the
 * provisioning list, and only the claim code lets the list adopt on its own. The first key to wait for a
 * serial keeps the entry; another key for it is recorded as a conflict for the operator, never swapped in.
 */
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Insertable } from 'kysely';
import {
  ApiFailure,
  ENROL_RETRY_MS,
  deviceTopic,
  enrolRequest,
  enrolTopic,
  isClaimCode,
  isSerial,
  type AdoptedConflictView,
  type EnrolRefusal,
  type EnrolReply,
  type EnrolRequest,
} from '@edge/protocol';
import { digest, sameSecret } from '../auth/tokens.ts';
import type { DevicesTable, ProvisionSerialsTable } from '../db/schema.ts';
import type { Bus, BusLog } from '../gateway/index.ts';
import type { RateLimiter } from '../gateway/rate-limit.ts';
import type { EnrolSecretStore } from './enrol-secret.ts';
import type { DeviceChanges } from './changes.ts';
import type { GroupService } from './groups.ts';
import { batcher } from '../lib/batcher.ts';
import { keyedLock } from '../lib/keyed-lock.ts';
import type { DeviceRegistry } from './registry.ts';
import type { ActivityEvent } from '../activity/events.ts';
import type { DeviceRow, DeviceStore } from './store.ts';
import type { AdoptOptions, DeviceView, DiscoveryDevice, ProvisionEntry } from './types.ts';
import { toAdoptedConflict, toDiscovery, toView } from './views.ts';

export interface EnrolmentDeps {
  store: DeviceStore;
  registry: DeviceRegistry;
  groups: GroupService;
  bus: Bus;
  changes: DeviceChanges;
  log: BusLog;
  /** Drops what other services keep about a removed device (pending calls, unwritten samples). */
  onRemoved(deviceId: string): void;
  /** The organisation's enrolment secret. */
  secret: EnrolSecretStore;
  /** Enrolment requests taken at all, whatever their source (the broker limits each source). */
  overall: RateLimiter;
  /** Devices waiting in Discovery at most: beyond it new serials are refused until some are removed. */
  discoveryMax: number;
  /** Writes what happened to the activity log (a conflict is a security event the operator must see). */
  audit(event: ActivityEvent): Promise<void>;
}

/** How long an 'adopted' answer is repeated from memory: a few of the agent's repeat periods. */
const ANSWER_MEMORY_MS = 6 * ENROL_RETRY_MS;

/** A serial's conflicts reach the activity log at most this often. */
const CONFLICT_AUDIT_MS = 60_000;

/** Enrolment requests answered together at most (statements stay under the databases' parameter limits). */
const ENROL_BATCH = 512;

const newDeviceId = (): string => randomBytes(8).toString('hex');
const bySerial = (a: { sn: string }, b: { sn: string }) => {
  const x = a.sn.toLowerCase();
  const y = b.sn.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

type ProvisionRow = Selectable<ProvisionSerialsTable>;
/** The rows of a batch's serials the console knows, by serial. */
type Known = Map<string, DeviceRow>;
/** True when the offered enrolment secret is the organisation's (enrol-secret.ts). */
type ProofCheck = (offered: string | undefined) => boolean;

/** A claim code listed for the serial and presented by the agent, compared as digests in constant time. */
const claimMatches = (entry: ProvisionRow | undefined, claim: string | undefined): boolean =>
  !!entry?.claim_hash && claim !== undefined && sameSecret(digest(claim), entry.claim_hash);

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
    // The operator adopted knowing of it (the Adopt dialog shows it): a later claim is flagged afresh.
    conflict_hash: null,
    conflict_at: null,
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

  /** The provisioning list's entries for these serials. */
  async function provisionEntries(serials: string[]): Promise<Map<string, ProvisionRow>> {
    const entries = serials.length ? await store.findProvisions(serials) : [];
    return new Map(entries.map((e) => [e.serial, e]));
  }

  /** The provisioning list's settings for these entries, with group names turned into ids (made if new). */
  async function provisionedOptions(entries: ProvisionRow[]): Promise<Map<string, AdoptOptions>> {
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
    /** Presented the claim code the provisioning list holds for its serial. */
    claimed?: boolean;
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
    // Past the console-wide limit the request is dropped unanswered: the agent asks again by itself.
    if (!deps.overall.take()) return;
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

  /** Marks each request that presents the claim code the provisioning list holds for its serial. */
  async function markClaimed(asking: Asking[]): Promise<Map<string, ProvisionRow>> {
    const entries = await provisionEntries(asking.map((a) => a.serial));
    for (const a of asking) a.claimed = claimMatches(entries.get(a.serial), a.request.claim);
    return entries;
  }

  /** Requests for adopted serials: the adopted key is answered again; another key, with proof, is a conflict. */
  async function answerAdoptedSerials(adopted: Asking[], known: Known, hasSecret: ProofCheck): Promise<void> {
    // Another key for an adopted serial is flagged only with proof: else anyone could raise flags.
    await markClaimed(adopted.filter((a) => known.get(a.serial)!.credential_hash !== a.keyHash));
    await eachDevice(adopted, (a) => answerAdopted(known.get(a.serial)!, a, hasSecret));
  }

  /**
   * Decides each request for a serial not adopted: refused (no proof, a conflict, Discovery full), its
   * waiting row refreshed, or a new row to insert. Returns the new rows and the requests taken.
   */
  async function admitWaiting(
    waiting: Asking[],
    known: Known,
    hasSecret: ProofCheck,
    claimedOptions: Map<string, AdoptOptions>,
  ): Promise<{ fresh: Insertable<DevicesTable>[]; taken: Asking[] }> {
    let room: number | undefined;
    const fresh: Insertable<DevicesTable>[] = [];
    const taken: Asking[] = [];
    for (const a of waiting) {
      if (!a.claimed && !hasSecret(a.request.secret)) {
        log.warn({ serial: a.serial }, 'enrolment request without a valid secret or claim code; refused');
        await refuse(a.serial, 'proof');
        continue;
      }
      const row = known.get(a.serial);
      if (row && row.credential_hash !== a.keyHash) {
        await recordConflict(row, a);
        continue;
      }
      if (row) {
        // Waiting in Discovery and asking again with its key: its facts may have changed.
        await store.update(row.id, enrolFields(a));
        known.set(a.serial, { ...row, ...enrolFields(a) });
      } else {
        // A claimed device goes straight to adopted; any other new one takes a place in Discovery.
        if (!a.claimed) {
          room ??= deps.discoveryMax - (await store.countPending());
          if (room <= 0) {
            log.warn({ serial: a.serial }, 'Discovery is full; enrolment request refused');
            await refuse(a.serial, 'full');
            continue;
          }
          room--;
        }
        fresh.push(newRow(a, claimedOptions.get(a.serial)));
      }
      taken.push(a);
    }
    return { fresh, taken };
  }

  /** Inserts the new rows and reads them back into `known`; returns their ids. */
  async function insertFresh(fresh: Insertable<DevicesTable>[], known: Known): Promise<Set<string>> {
    await store.insertMany(fresh);
    // Read back whole (defaults included); a serial another replica inserted first comes back as its row.
    for (const row of fresh.length ? await store.findBySerials(fresh.map((r) => r.serial)) : [])
      known.set(row.serial, row);
    return new Set(fresh.map((r) => r.id));
  }

  /** Answers each request taken: adopted (claimed on the provisioning list) or pending in Discovery. */
  async function answerTaken(
    taken: Asking[],
    known: Known,
    freshIds: Set<string>,
    claimedOptions: Map<string, AdoptOptions>,
  ): Promise<void> {
    await eachDevice(taken, async (a) => {
      const row = known.get(a.serial);
      if (!row) return;
      if (row.credential_hash !== a.keyHash) return recordConflict(row, a);
      await bus.credentials?.stage(row.id, a.request.key);
      // Inserted adopted just now (claimed on the provisioning list), or claimed while it waited.
      if (row.adoption === 'adopted') await announceAdopted(row);
      else if (a.claimed) await adoptRow(row, claimedOptions.get(a.serial) ?? {});
      else {
        if (freshIds.has(row.id)) changes.emit({ type: 'discovered', deviceId: row.id, serial: row.serial });
        await reply(a.serial, { status: 'pending' });
      }
    });
  }

  /** One batch of requests, its serials locked against adoption and removal meanwhile. */
  async function answerBatch(batch: Asking[]): Promise<void> {
    const serials = batch.map((a) => a.serial);
    await serially.all(serials, async () => {
      const known: Known = new Map((await store.findBySerials(serials)).map((row) => [row.serial, row]));
      const hasSecret = await deps.secret.checker();
      const isAdopted = (a: Asking) => known.get(a.serial)?.adoption === 'adopted';
      await answerAdoptedSerials(batch.filter(isAdopted), known, hasSecret);

      const waiting = batch.filter((a) => !isAdopted(a));
      if (waiting.length === 0) return;
      const entries = await markClaimed(waiting);
      const claimedOptions = await provisionedOptions(
        waiting.filter((a) => a.claimed).map((a) => entries.get(a.serial)!),
      );
      const { fresh, taken } = await admitWaiting(waiting, known, hasSecret, claimedOptions);
      const freshIds = await insertFresh(fresh, known);
      await answerTaken(taken, known, freshIds, claimedOptions);
    });
  }

  const refuse = (serial: string, reason: EnrolRefusal) => reply(serial, { status: 'refused', reason });

  /**
   * Another key asks for a serial that waits or is adopted: the first keeps its place and its key (it may
   * be the real device, or the impostor may be: only the operator can tell, by the fingerprints), and
   * Provision flags it (Discovery for a waiting serial, Conflicts for an adopted one) and the activity log
   * records it. An agent repeats its request every ENROL_RETRY_MS: a key already flagged is not again.
   */
  async function recordConflict(row: DeviceRow, a: Asking): Promise<void> {
    if (row.conflict_hash !== a.keyHash) {
      log.warn(
        { serial: a.serial, adoption: row.adoption },
        'enrolment request for a known serial with another key; flagged as a conflict',
      );
      const now = Date.now();
      await store.update(row.id, { conflict_hash: a.keyHash, conflict_at: now });
      // One row a minute per serial at most, whatever number of keys a claimant makes up.
      if (!row.conflict_at || now - row.conflict_at >= CONFLICT_AUDIT_MS)
        await deps.audit({ action: 'provision.enrolConflict', target: a.serial, statusCode: 409 });
      changes.emit({ type: 'discovered', deviceId: row.id, serial: row.serial });
    }
    await refuse(a.serial, 'conflict');
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
    claim_hash: request.claim === undefined ? '' : digest(request.claim),
  });

  /** The reply may have been lost: answer again, but only to the key that was adopted. */
  async function answerAdopted(existing: DeviceRow, asking: Asking, hasSecret: ProofCheck): Promise<void> {
    const { serial, request, keyHash } = asking;
    // Never swapped in: the adopted key stays the device's credential.
    if (!sameSecret(existing.credential_hash, keyHash)) {
      if (asking.claimed || hasSecret(request.secret)) return recordConflict(existing, asking);
      log.warn({ serial }, 'enrolment request for an adopted serial with another key and no proof; ignored');
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
     * Adds serials to the provisioning list (upload CSV). A serial listed with a claim code is adopted as
     * soon as an agent presents that code, or now if one that presented it already waits in Discovery;
     * without a claim code the list only names it, and the operator adopts it. Returns how many were
     * adopted now.
     */
    async provision(entries: ProvisionEntry[]): Promise<{ provisioned: number; adopted: number }> {
      const bad = entries.find((e) => !isSerial(e.serial));
      if (bad) throw new ApiFailure(400, 'invalidRequest', `Invalid serial number: ${bad.serial}`);
      const badCode = entries.find((e) => e.claimCode !== undefined && !isClaimCode(e.claimCode));
      if (badCode)
        throw new ApiFailure(400, 'provisionClaimCodeInvalid', `Invalid claim code: ${badCode.serial}`);
      // A serial listed twice (a CSV with repeats): the last line wins.
      entries = [...new Map(entries.map((e) => [e.serial, e])).values()];
      const now = Date.now();
      const rows = entries.map((e) => ({
        serial: e.serial,
        name: e.name ?? '',
        group_name: e.group ?? '',
        profile: e.profile ?? '',
        claim_hash: e.claimCode === undefined ? '' : digest(e.claimCode),
        created_at: now,
      }));
      await store.upsertProvision(rows);
      const listed = new Map(rows.map((r) => [r.serial, r]));
      const claimed = (await store.findPendingSerials(entries.map((e) => e.serial))).filter((d) => {
        const hash = listed.get(d.serial)?.claim_hash;
        return !!hash && !!d.claim_hash && sameSecret(d.claim_hash, hash);
      });
      const settings = await provisionedOptions(claimed.map((d) => listed.get(d.serial)!));
      let adopted = 0;
      for (const device of claimed) {
        await service.adopt(device.id, settings.get(device.serial) ?? {});
        adopted++;
      }
      return { provisioned: entries.length, adopted };
    },

    /** The demo launcher's shortcut: provision these serials with common settings. */
    provisionSerials: (serials: string[], common: Omit<ProvisionEntry, 'serial'> = {}) =>
      service.provision(serials.map((serial) => ({ ...common, serial }))),

    listProvisioned: async (): Promise<(ProvisionEntry & { hasClaimCode: boolean })[]> =>
      (await store.listProvision()).map((r) => ({
        serial: r.serial,
        name: r.name,
        group: r.group_name,
        profile: r.profile,
        hasClaimCode: r.claim_hash !== '',
      })),

    unprovision: async (serial: string): Promise<void> => {
      await store.deleteProvision(serial);
    },

    /**
     * Removes waiting devices from Discovery (those named, or all): an impostor's entries, a flood, or a
     * conflict the operator settles this way. Adopted devices are not touched. Their agents may ask again.
     * Returns how many went.
     */
    async removePending(ids: string[] | 'all'): Promise<number> {
      const named = ids === 'all' ? await store.listPending() : await store.findPendingByIds(ids);
      if (named.length === 0) return 0;
      return serially.all(
        named.map((d) => d.serial),
        async () => {
          // Still waiting now that no enrolment of these serials is in hand (one may have been adopted).
          const rows = await store.findPendingByIds(named.map((d) => d.id));
          for (const row of rows) {
            await bus.credentials?.revoke(row.id);
            answered.delete(row.serial);
          }
          await store.removePending(rows.map((r) => r.id));
          for (const row of rows) changes.emit({ type: 'removed', deviceId: row.id, serial: row.serial });
          if (rows.length) log.info({ count: rows.length }, 'removed from Discovery');
          return rows.length;
        },
      );
    },

    /** Provision > Conflicts: adopted devices whose serial another key asked for, latest first. */
    listAdoptedConflicts: async (): Promise<AdoptedConflictView[]> =>
      (await store.listAdoptedConflicts()).map(toAdoptedConflict),

    /** The operator settled an adopted device's conflict; false when it had none. */
    async dismissConflict(id: string): Promise<boolean> {
      const row = await store.findById(id);
      if (!row || !(await store.dismissConflict(id))) return false;
      changes.emit({ type: 'discovered', deviceId: row.id, serial: row.serial });
      return true;
    },

    /** The organisation's enrolment secret, for administrators (Provision). */
    enrolSecret: () => deps.secret.current(),
    /** A new enrolment secret; the old one stops working for new enrolments. */
    rotateEnrolSecret: () => deps.secret.rotate(),

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
