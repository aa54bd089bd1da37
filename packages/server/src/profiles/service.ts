/**
 * Profile Management: policy profiles kept on the console, their dry run on devices and their rollout as
 * a job (kind.ts), and what each device holds since (drift from the profile). No HTTP, no SQL strings.
 */
import {
  DRY_RUN_ROWS,
  PROFILE_APPLY_JOB_KIND,
  checkProfileBody,
  ownedPart,
  parseSection,
  sectionOfKind,
  variablesIn,
  type AssignmentView,
  type DryRunDevice,
  type DryRunResponse,
  type MessageCode,
  type PolicyProfileKind,
  type ProfileTargets,
  type ProfileView,
  type SectionDoc,
  type VariableValue,
} from '@edge/protocol';
import type { z } from 'zod';
import type { profileEditRequest, policyProfileRequest, rolloutRequest } from '@edge/protocol';
import type { DeviceDirectory, DeviceView } from '../devices/index.ts';
import type { ConfigService } from '../deviceConfig/index.ts';
import type { JobService } from '../jobs/index.ts';
import { unlessDuplicate } from '../db/errors.ts';
import { fail } from '../http/errors.ts';
import { drift } from '../deviceConfig/drift.ts';
import { changesFor, renderFor, type Renderable } from './render.ts';
import type { ProfileRow, ProfileStore } from './store.ts';

type CreateRequest = z.output<typeof policyProfileRequest>;
type EditRequest = z.output<typeof profileEditRequest>;
type Rollout = z.output<typeof rolloutRequest>;

/** A profile as the rest of the service uses it: parsed once from its row. */
export interface Profile extends Renderable {
  id: number;
  name: string;
}

const profileOf = (row: ProfileRow): Profile => ({
  id: row.id,
  name: row.name,
  kind: row.kind as PolicyProfileKind,
  body: JSON.parse(row.body) as unknown,
  values: JSON.parse(row.variable_values) as VariableValue[],
});

function checkedBody(kind: PolicyProfileKind, body: unknown): unknown {
  const checked = checkProfileBody(kind, body);
  if (checked.ok) return checked.body;
  const { code, message, path } = checked.issue;
  throw code ? fail(400, code) : fail(400, 'invalidRequest', `${message} (${path.join('.')})`);
}

/** Devices a dry run goes through before it lets other work in. */
const YIELD_EVERY = 50;
/** Devices whose documents one statement reads (the config store's chunk: one statement, not several). */
const READ_EVERY = 512;

const ORDER = { refused: 0, changing: 1, unchanged: 2 } as const;
const standingOf = (d: DryRunDevice) => (d.refusal ? 'refused' : d.changes.length ? 'changing' : 'unchanged');

export function profileService(deps: {
  store: ProfileStore;
  devices: Pick<DeviceDirectory, 'get' | 'scan' | 'groups'>;
  config: Pick<ConfigService, 'currentOf' | 'state'>;
  jobs: Pick<JobService, 'create' | 'view' | 'cancel' | 'pause' | 'resume'>;
  now?: () => number;
}) {
  const { store, devices, config, jobs, now = Date.now } = deps;

  /** A job of the rollout kind, else 404: these routes do not reach other kinds' jobs. */
  async function rolloutJob(jobId: number): Promise<void> {
    const job = await jobs.view(jobId);
    if (job?.kind !== PROFILE_APPLY_JOB_KIND) throw fail(404, 'notFound');
  }

  async function load(id: number): Promise<Profile> {
    const row = await store.get(id);
    if (!row) throw fail(404, 'profileNotFound');
    return profileOf(row);
  }

  const viewOf = (row: ProfileRow, assigned: number): ProfileView => {
    const profile = profileOf(row);
    return {
      id: row.id,
      name: row.name,
      kind: profile.kind,
      section: sectionOfKind(profile.kind),
      body: profile.body,
      values: profile.values,
      variables: variablesIn(profile.body),
      assigned,
      updatedBy: row.updated_by,
      updatedAt: row.updated_at,
      createdAt: row.created_at,
    };
  };

  async function view(id: number): Promise<ProfileView> {
    const row = await store.get(id);
    if (!row) throw fail(404, 'profileNotFound');
    return viewOf(row, (await store.assignedCounts()).get(id) ?? 0);
  }

  /** The devices named, or the group's; each must exist. */
  async function targetsOf(targets: Omit<ProfileTargets, 'id'>): Promise<DeviceView[]> {
    if (targets.deviceIds?.length) {
      return [...new Set(targets.deviceIds)].map((id) => {
        const device = devices.get(id);
        if (!device) throw fail(404, 'notFound');
        return device;
      });
    }
    if (!(await devices.groups.get(targets.groupId!))) throw fail(404, 'groupNotFound');
    const found: DeviceView[] = [];
    for (const live of devices.scan())
      if (live.record.groupId === targets.groupId) found.push(devices.get(live.record.id)!);
    if (!found.length) throw fail(400, 'profileTargetsEmpty');
    return found;
  }

  /**
   * Each device's profile made for it, and (`withChanges`) what it would change. SQLite answers at once, so
   * the loop gives the event loop back every few devices: a fleet of 10,000 does not hold other requests. The
   * devices' documents are read a few hundred at a time, in one statement each.
   */
  async function dryRunOf(
    profile: Profile,
    targets: DeviceView[],
    withChanges = true,
  ): Promise<DryRunDevice[]> {
    const section = sectionOfKind(profile.kind);
    const rows: DryRunDevice[] = [];
    let currents = new Map<string, SectionDoc>();
    for (const [n, device] of targets.entries()) {
      if (n % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
      if (n % READ_EVERY === 0)
        currents = await config.currentOf(
          targets.slice(n, n + READ_EVERY).map((d) => d.id),
          section,
        );
      const current = currents.get(device.id)!;
      const rendered = renderFor(profile, device, current);
      rows.push({
        deviceId: device.id,
        name: device.name,
        serial: device.serial,
        online: device.online,
        changes: rendered.ok && withChanges ? changesFor(profile.kind, rendered.doc, current) : [],
        refusal: rendered.ok ? null : rendered.refusal,
      });
    }
    return rows;
  }

  return {
    async list(kind?: PolicyProfileKind): Promise<ProfileView[]> {
      const counts = await store.assignedCounts();
      return (await store.list(kind)).map((row) => viewOf(row, counts.get(row.id) ?? 0));
    },

    get: view,

    async create(request: CreateRequest, user: string): Promise<ProfileView> {
      const body = checkedBody(request.kind, request.body);
      const at = now();
      const id = await unlessDuplicate(
        store.insert({
          name: request.name,
          kind: request.kind,
          body: JSON.stringify(body),
          variable_values: JSON.stringify(request.values),
          updated_by: user,
          updated_at: at,
          created_at: at,
        }),
        'profileNameTaken',
      );
      return view(id);
    },

    async edit(request: EditRequest, user: string): Promise<ProfileView> {
      const profile = await load(request.id);
      const body = checkedBody(profile.kind, request.body);
      const changed = await unlessDuplicate(
        store.update(request.id, {
          name: request.name,
          body: JSON.stringify(body),
          variable_values: JSON.stringify(request.values),
          updated_by: user,
          updated_at: now(),
        }),
        'profileNameTaken',
      );
      if (!changed) throw fail(404, 'profileNotFound');
      return view(request.id);
    },

    async remove(id: number): Promise<void> {
      if (!(await store.remove(id))) throw fail(404, 'profileNotFound');
    },

    async dryRun(targets: ProfileTargets): Promise<DryRunResponse> {
      const profile = await load(targets.id);
      const rows = await dryRunOf(profile, await targetsOf(targets));
      const count = (standing: keyof typeof ORDER) => rows.filter((r) => standingOf(r) === standing).length;
      return {
        section: sectionOfKind(profile.kind),
        total: rows.length,
        changing: count('changing'),
        unchanged: count('unchanged'),
        refused: count('refused'),
        devices: rows
          .map((row, at) => ({ row, at }))
          .sort((a, b) => ORDER[standingOf(a.row)] - ORDER[standingOf(b.row)] || a.at - b.at)
          .slice(0, DRY_RUN_ROWS)
          .map(({ row }) => row),
      };
    },

    /**
     * Starts the rollout job, once the profile fits every device: one device it cannot be made for (a
     * variable without a value) refuses the whole rollout, and nothing is sent.
     */
    async rollout(request: Rollout, user: string): Promise<number> {
      const profile = await load(request.id);
      const targets = await targetsOf(request);
      const refused = (await dryRunOf(profile, targets, false)).find((row) => row.refusal);
      if (refused?.refusal) {
        const { code, message, detail } = refused.refusal;
        throw fail(400, code as MessageCode, `${message} ${refused.name} (${refused.serial}): ${detail}`);
      }
      return jobs.create({
        kind: PROFILE_APPLY_JOB_KIND,
        title: profile.name,
        params: {
          profileId: profile.id,
          name: profile.name,
          kind: profile.kind,
          body: profile.body,
          values: profile.values,
          by: user,
        },
        deviceIds: targets.map((d) => d.id),
        options: {
          canaryShare: request.canaryShare,
          maxFailedShare: request.maxFailedShare,
          concurrency: Math.min(request.concurrency, targets.length),
        },
        createdBy: 'operator',
        createdByName: user,
      });
    },

    /** Stops a rollout: its pending steps are cancelled, the running ones finish. */
    async abort(jobId: number) {
      await rolloutJob(jobId);
      return jobs.cancel(jobId);
    },

    /** Pauses a rollout (the jobs seam's pause): no device is sent it until it is resumed. */
    async pause(jobId: number) {
      await rolloutJob(jobId);
      return jobs.pause(jobId);
    },

    async resume(jobId: number) {
      await rolloutJob(jobId);
      return jobs.resume(jobId);
    },

    /** Every device the profile was applied to, and whether it still holds what the profile gave it. */
    async assignments(id: number): Promise<AssignmentView[]> {
      const profile = await load(id);
      const section = sectionOfKind(profile.kind);
      const list: AssignmentView[] = [];
      for (const row of await store.assignments(id)) {
        const device = devices.get(row.device_id);
        if (!device) continue;
        const {
          sections: [state],
        } = await config.state(row.device_id, section);
        const given = JSON.parse(row.doc) as unknown;
        const reported = state?.reported ? parseSection(section, state.reported) : null;
        const behind = !state || (state.reportedVersion ?? -1) < row.desired_version || !reported?.success;
        const failed = state?.state === 'failed' || state?.state === 'rolled_back';
        const differences = behind || failed ? [] : drift(given, ownedPart(profile.kind, reported.data));
        list.push({
          deviceId: row.device_id,
          name: device.name,
          online: device.online,
          state: failed ? 'failed' : behind ? 'pending' : differences.length ? 'drifted' : 'applied',
          sectionState: state?.state ?? 'in_sync',
          jobId: row.job_id,
          appliedAt: row.applied_at,
          drift: differences,
        });
      }
      return list;
    },

    /** SPEC 7: the stations a Wi-Fi profile lets associate. */
    async wifiAuthentication(id: number) {
      const profile = await load(id);
      if (profile.kind !== 'wifi') throw fail(404, 'profileNotFound');
      const body = profile.body as { authentication?: { name: string; mac: string }[] };
      return body.authentication ?? [];
    },

    load,
  };
}

export type ProfileService = ReturnType<typeof profileService>;
