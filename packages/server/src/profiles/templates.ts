/**
 * Profile templates (SPEC 3): what a device gets when it is adopted with one, named in the Adopt dialog or
 * the provisioning CSV's profile column. On adoption a job of the template kind stores each of the
 * template's sections as the device's next desired version through the console's desired-config path, as
 * a rollout stores a profile: the engine applies it (confirm-or-rollback where it can cut the device off),
 * one section after the other, and the job waits for a device still offline. One row per device claims
 * it, so one console replica gives it, once.
 */
import {
  PROFILE_TEMPLATE_JOB_KIND,
  canView,
  profileTemplate,
  templateJobParams,
  type TemplateJobParams,
  sectionWrites,
  unknownTemplateMessage,
  upsertBy,
  type ProfileTemplate,
  type ProfileTemplateView,
  type SectionDocs,
  type SectionKey,
} from '@edge/protocol';
import type { z } from 'zod';
import type { profileTemplateCopyRequest, profileTemplateEditRequest } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { namedRows, type RowOf } from './rows.ts';
import { unlessDuplicate } from '../db/errors.ts';
import { fail } from '../http/errors.ts';
import { ONE_BY_ONE_GATHER_MS, batcher } from '../lib/batcher.ts';
import type { BusLog } from '../gateway/index.ts';
import type { DeviceDirectory } from '../devices/index.ts';
import type { ConfigService } from '../deviceConfig/index.ts';
import type { JobKind, JobService } from '../jobs/index.ts';
import type { AppliedWaiter } from './waiter.ts';

type TemplateRow = RowOf<'profile_templates'>;
type EditRequest = z.output<typeof profileTemplateEditRequest>;
type CopyRequest = z.output<typeof profileTemplateCopyRequest>;

export function templateStore(db: Db) {
  return {
    list: (): Promise<TemplateRow[]> =>
      db.selectFrom('profile_templates').selectAll().orderBy('name').execute(),
    ...namedRows(db, 'profile_templates'),
    byNames: (names: string[]): Promise<TemplateRow[]> =>
      names.length
        ? db.selectFrom('profile_templates').selectAll().where('name', 'in', names).execute()
        : Promise.resolve([]),
    /** Claims the device for one template's application; false when it was given one already. */
    async claim(deviceId: string, templateName: string, at: number): Promise<boolean> {
      const rows = await db
        .insertInto('profile_template_devices')
        .values({
          device_id: deviceId,
          template_name: templateName,
          versions: '{}',
          error: null,
          applied_at: at,
        })
        .onConflict((oc) => oc.column('device_id').doNothing())
        .returning('device_id')
        .execute();
      return rows.length === 1;
    },
    async given(deviceId: string, versions: Record<string, number>, error: string | null): Promise<void> {
      await db
        .updateTable('profile_template_devices')
        .set({ versions: JSON.stringify(versions), error })
        .where('device_id', '=', deviceId)
        .execute();
    },
    givenTo: (deviceId: string) =>
      db
        .selectFrom('profile_template_devices')
        .selectAll()
        .where('device_id', '=', deviceId)
        .executeTakeFirst(),
  };
}

export type TemplateStore = ReturnType<typeof templateStore>;

const templateOf = (row: TemplateRow): ProfileTemplate => ({
  ...(JSON.parse(row.body) as Omit<ProfileTemplate, 'name'>),
  name: row.name,
});

/** What is stored: the template checked, without its name (a column) and Auth Connect's accounts (not its). */
const bodyOf = (template: ProfileTemplate): string => {
  const { name: _name, ...rest } = template;
  return JSON.stringify({ ...rest, wifi: { ...rest.wifi, accounts: [] } });
};

/**
 * Each section the template sets, as the change of the device's current document: the whole section for
 * Wi-Fi (Auth Connect's accounts kept) and the mobile network, its own row for WAN (by interface) and DHCP
 * (by VLAN), the device name of General.
 */
export const templateChanges = (
  template: ProfileTemplate,
): { [K in SectionKey]?: (doc: SectionDocs[K]) => SectionDocs[K] } => ({
  general: (doc) => ({ ...doc, deviceName: template.deviceName }),
  wan: (doc) => ({ ...doc, list: upsertBy(doc.list, 'iface', template.wan) }),
  dhcp: (doc) => sectionWrites['dhcp/setting'](doc, template.dhcp),
  mobileNetwork: () => template.mobileNetwork,
  wifi: (doc) => ({ ...template.wifi, accounts: doc.accounts }),
});

/**
 * The template job kind: on each device, the template's sections one after the other, each stored as the
 * next desired version and waited for until the device settles it (one confirm window at a time: a device
 * applying one section with confirm-or-rollback refuses the next meanwhile).
 */
export function templateApplyKind(deps: {
  config: Pick<ConfigService, 'change'>;
  store: TemplateStore;
  waiter: AppliedWaiter;
  settleMs: number;
}): JobKind<TemplateJobParams> {
  return {
    name: PROFILE_TEMPLATE_JOB_KIND,
    params: templateJobParams,
    // Storing the same desired documents again is harmless: a step cut short may run again.
    idempotent: true,
    view: canView('ProfileManagement'),
    async run({ deviceId, params }) {
      const versions: Record<string, number> = {};
      for (const [section, change] of Object.entries(templateChanges(params.template)) as [
        SectionKey,
        (doc: unknown) => unknown,
      ][]) {
        const stored = await deps.config.change(deviceId, section, change, params.by);
        versions[section] = stored.desiredVersion;
        const settled = await deps.waiter.wait(deviceId, section, stored.desiredVersion, deps.settleMs);
        if (settled.state !== 'in_sync') {
          const reason = `${section}: ${settled.lastError ?? settled.state}`;
          await deps.store.given(deviceId, versions, reason);
          return { ok: false, reason, result: { versions } };
        }
      }
      await deps.store.given(deviceId, versions, null);
      return { ok: true, result: { versions } };
    },
  };
}

/** How many adopted devices in a batch are looked at together (one read of the templates per batch). */
const ADOPTED_BATCH = 500;

export function templateService(deps: {
  store: TemplateStore;
  devices: Pick<DeviceDirectory, 'scan' | 'get' | 'onChange'>;
  jobs: Pick<JobService, 'create'>;
  log: BusLog;
  now?: () => number;
}) {
  const { store, devices, jobs, log, now = Date.now } = deps;

  const namedCounts = (): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const d of devices.scan())
      if (d.record.profile) counts.set(d.record.profile, (counts.get(d.record.profile) ?? 0) + 1);
    return counts;
  };
  const viewOf = (row: TemplateRow, counts = namedCounts()): ProfileTemplateView => ({
    id: row.id,
    template: templateOf(row),
    devices: counts.get(row.name) ?? 0,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
    createdAt: row.created_at,
  });
  async function load(id: number): Promise<TemplateRow> {
    const row = await store.get(id);
    if (!row) throw fail(404, 'profileNotFound');
    return row;
  }

  /**
   * Devices adopted naming a template: each claimed (one replica, once), then given its template by a job
   * of the template kind, one per template: a device still offline gets it when it comes online.
   */
  async function adopted(deviceIds: string[]): Promise<void> {
    const named = deviceIds
      .map((id) => devices.get(id))
      .filter((d): d is NonNullable<typeof d> => !!d?.profile);
    if (!named.length) return;
    const templates = new Map(
      (await store.byNames([...new Set(named.map((d) => d.profile))])).map((row) => [
        row.name,
        templateOf(row),
      ]),
    );
    const claimed = new Map<string, string[]>();
    for (const device of named) {
      const template = templates.get(device.profile);
      if (!template || !(await store.claim(device.id, template.name, now()))) continue;
      claimed.set(template.name, [...(claimed.get(template.name) ?? []), device.id]);
    }
    for (const [name, ids] of claimed)
      await jobs.create({
        kind: PROFILE_TEMPLATE_JOB_KIND,
        title: name,
        params: { template: templates.get(name)!, by: 'system' },
        deviceIds: ids,
        createdBy: 'system',
        createdByName: 'system',
      });
  }

  // Devices known when this console started were adopted before: only those it sees appear are new.
  const known = new Set<string>();
  for (const d of devices.scan()) known.add(d.record.id);
  const queue = batcher<string>((id) => id, adopted, ADOPTED_BATCH, ONE_BY_ONE_GATHER_MS);
  const stopWatching = devices.onChange((change) => {
    if (change.type === 'removed') known.delete(change.deviceId);
    if (change.type !== 'state' || known.has(change.deviceId)) return;
    known.add(change.deviceId);
    if (!change.device.profile) return;
    queue
      .add(change.deviceId)
      .catch((err: unknown) => log.error({ err, deviceId: change.deviceId }, 'profile template not given'));
  });

  async function create(template: ProfileTemplate, user: string): Promise<ProfileTemplateView> {
    const at = now();
    const id = await unlessDuplicate(
      store.insert({
        name: template.name,
        body: bodyOf(template),
        updated_by: user,
        updated_at: at,
        created_at: at,
      }),
      'profileNameTaken',
    );
    return viewOf(await load(id));
  }

  return {
    stop: stopWatching,

    list: async (): Promise<ProfileTemplateView[]> => {
      const counts = namedCounts();
      return (await store.list()).map((row) => viewOf(row, counts));
    },

    names: async (): Promise<string[]> => (await store.list()).map((row) => row.name),

    /** Throws 400 when a name is given that no template has ('' or none: no template). */
    async checkNames(names: Iterable<string | undefined>): Promise<void> {
      const wanted = [...new Set([...names].filter((n): n is string => !!n))];
      if (!wanted.length) return;
      const found = new Set((await store.byNames(wanted)).map((row) => row.name));
      const missing = wanted.find((name) => !found.has(name));
      if (missing !== undefined) throw fail(400, 'profileTemplateUnknown', unknownTemplateMessage(missing));
    },

    create,

    async edit(request: EditRequest, user: string): Promise<ProfileTemplateView> {
      const { id, ...template } = request;
      await load(id);
      const changed = await unlessDuplicate(
        store.update(id, {
          name: template.name,
          body: bodyOf(template),
          updated_by: user,
          updated_at: now(),
        }),
        'profileNameTaken',
      );
      if (!changed) throw fail(404, 'profileNotFound');
      return viewOf(await load(id));
    },

    async copy(request: CopyRequest, user: string): Promise<ProfileTemplateView> {
      const source = templateOf(await load(request.id));
      const checked = profileTemplate.parse({ ...source, name: request.name });
      return create(checked, user);
    },

    async remove(id: number): Promise<void> {
      if (!(await store.remove(id))) throw fail(404, 'profileNotFound');
    },
  };
}

export type TemplateService = ReturnType<typeof templateService>;
