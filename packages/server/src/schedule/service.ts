/**
 * The Schedule module (SPEC 2, 3, 5): schedules of function types 1-6 over devices of a group, kept as the
 * scheduler's schedules (it claims and runs each occurrence), the calendar's events and the jobs each
 * occurrence created, and each user's group colours.
 */
import {
  SCHEDULE_EVENT_MINUTES,
  allows,
  canView,
  diagnoseTestOfKind,
  diagnoseTestPermission,
  scheduleFunctionKinds,
  type JobDetail,
  type PermissionSet,
  type GroupColour,
  type ScheduleDefinition,
  type ScheduleEvent,
  type ScheduleGroups,
  type ScheduleRequest,
  type ScheduleView,
} from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import type { JobService } from '../jobs/index.ts';
import type { Scheduler } from '../scheduler/service.ts';
import type { ScheduleRow } from '../scheduler/store.ts';
import { fail, failureOf } from '../http/errors.ts';
import type { GroupColourStore } from './colours.ts';
import { dayStart, wallTime } from '../scheduler/zoned.ts';

/** Who adds or edits a schedule: their name is kept, their permissions decide which tests they may schedule. */
interface Actor {
  userName: string;
  permissions: PermissionSet;
}

const EVENT_MS = SCHEDULE_EVENT_MINUTES * 60_000;
/** Occurrences of one schedule in one calendar range at most (62 days of one a day fit). */
const EVENTS_PER_SCHEDULE = 100;

const viewOf = (s: ScheduleRow): ScheduleView => ({
  id: s.id,
  name: s.name,
  groupId: s.groupId ?? null,
  selection: s.deviceIds,
  functionType: s.functionType ?? null,
  kind: s.kind,
  params: s.params ?? {},
  startDate: s.startDate,
  endDate: s.endDate ?? null,
  startTime: s.startTime,
  weekdays: s.weekdays,
  timeZone: s.timeZone,
  createdByName: s.createdByName,
  createdAt: s.createdAt,
});

export function scheduleService(deps: {
  scheduler: Scheduler;
  jobs: JobService;
  devices: Pick<DeviceDirectory, 'get' | 'groups' | 'scan'>;
  colours: GroupColourStore;
  timeZone: string;
}) {
  const { scheduler, jobs, devices, timeZone } = deps;

  /**
   * The request as the scheduler's definition, once the group, devices and task type hold here. A Diagnose
   * test is scheduled only by someone who may run it (its SPEC 6 child page), as on the Diagnose app.
   */
  async function definitionOf(
    request: ScheduleRequest,
    permissions: PermissionSet,
  ): Promise<ScheduleDefinition> {
    if (!(await devices.groups.get(request.groupId))) throw fail(400, 'groupNotFound');
    const selection = [...new Set(request.selection)];
    if (selection.some((id) => devices.get(id)?.groupId !== request.groupId))
      throw fail(400, 'scheduleSelectionOutsideGroup');
    const kind = jobs.kinds.get(scheduleFunctionKinds[request.functionType]);
    if (!kind) throw fail(400, 'scheduleFunctionUnavailable');
    const test = diagnoseTestOfKind(kind.name);
    if (test && !allows(permissions, canView(diagnoseTestPermission[test]))) throw fail(403, 'forbidden');
    const params = kind.params.safeParse(request.params);
    if (!params.success) {
      const failure = failureOf(params.error.issues[0]);
      throw failure.code === 'invalidRequest' ? fail(400, 'scheduleParamsInvalid') : failure;
    }
    return {
      name: request.name,
      kind: kind.name,
      params: request.params,
      deviceIds: selection,
      weekdays: request.weekdays,
      startDate: request.startDate,
      endDate: request.endDate,
      startTime: request.startTime,
      timeZone,
      groupId: request.groupId,
      functionType: request.functionType,
    };
  }

  async function view(id: number): Promise<ScheduleView> {
    const schedule = await scheduler.get(id);
    if (!schedule) throw fail(404, 'notFound');
    return viewOf(schedule);
  }

  return {
    timeZone,
    async list(): Promise<ScheduleView[]> {
      return (await scheduler.list()).map(viewOf);
    },
    async add(request: ScheduleRequest, by: Actor): Promise<ScheduleView> {
      return view(await scheduler.create(await definitionOf(request, by.permissions), by.userName));
    },
    async edit(id: number, request: ScheduleRequest, by: Actor): Promise<ScheduleView> {
      if (!(await scheduler.get(id))) throw fail(404, 'notFound');
      await scheduler.update(id, await definitionOf(request, by.permissions));
      return view(id);
    },

    /** The job an occurrence created; only such jobs are read (or re-run) through Schedule. */
    async job(jobId: number): Promise<JobDetail> {
      if ((await scheduler.scheduleOfJob(jobId)) === undefined) throw fail(404, 'notFound');
      return jobs.get(jobId);
    },
    async rerun(jobId: number): Promise<JobDetail> {
      if ((await scheduler.scheduleOfJob(jobId)) === undefined) throw fail(404, 'notFound');
      return jobs.rerun(jobId);
    },
    async remove(id: number): Promise<void> {
      if (!(await scheduler.remove(id))) throw fail(404, 'notFound');
    },

    /** Every occurrence in the days [start, end) of the console's time zone, with its job once it ran. */
    async events(range: { start: string; end: string }): Promise<ScheduleEvent[]> {
      const from = dayStart(range.start, timeZone);
      const to = dayStart(range.end, timeZone);
      const schedules = await scheduler.list();
      const ran = new Map(
        (
          await scheduler.claimed(
            schedules.map((s) => s.id),
            from,
            to,
          )
        ).map((c) => [`${c.key}@${c.at}`, c.jobId]),
      );
      return schedules.flatMap((s) =>
        scheduler.occurrences(s, from - 1, to - 1, EVENTS_PER_SCHEDULE).map((at) => ({
          title: s.name,
          start: wallTime(at, timeZone),
          end: wallTime(at + EVENT_MS, timeZone),
          at,
          scheduleId: s.id,
          groupId: s.groupId ?? null,
          functionType: s.functionType ?? null,
          jobId: ran.get(`schedule:${s.id}@${at}`) ?? null,
        })),
      );
    },

    /** The occurrences of a schedule that ran, newest first, with their jobs. */
    async jobs(id: number): Promise<{ at: number; jobId: number | null }[]> {
      if (!(await scheduler.get(id))) throw fail(404, 'notFound');
      const claims = await scheduler.claimed([id], 0, Number.MAX_SAFE_INTEGER);
      return claims.map(({ at, jobId }) => ({ at, jobId }));
    },

    /** Every device group with its devices, for choosing a schedule's group and selection. */
    async groups(): Promise<ScheduleGroups> {
      const members = new Map<number, { id: string; name: string }[]>();
      for (const { record } of devices.scan()) {
        if (record.groupId === null) continue;
        const list = members.get(record.groupId) ?? [];
        list.push({ id: record.id, name: record.name });
        members.set(record.groupId, list);
      }
      return (await devices.groups.list()).map((g) => ({
        id: g.id,
        name: g.name,
        devices: members.get(g.id) ?? [],
      }));
    },

    colours: (userId: number): Promise<GroupColour[]> => deps.colours.list(userId),
    async setColour(userId: number, entry: GroupColour): Promise<GroupColour[]> {
      if (!(await devices.groups.get(entry.groupId))) throw fail(400, 'groupNotFound');
      await deps.colours.set(userId, entry);
      return deps.colours.list(userId);
    },
  };
}
export type ScheduleService = ReturnType<typeof scheduleService>;
