/**
 * Diagnose: run a test on devices (one job of the test's kind, steps per device) and read a device's
 * history. Each test needs its own permission (SPEC 6: Ping, Speedtest, Traceroute, Iperf, CellScanner),
 * asked here because one route runs them all.
 */
import {
  allows,
  canManage,
  canView,
  diagnoseJobKinds,
  diagnoseTestPermission,
  diagnoseTests,
  diagnoseHistoryQuery,
  diagnoseRunRequest,
  type JobDetail,
} from '@edge/protocol';
import type { z } from 'zod';
import type { DeviceDirectory } from '../devices/index.ts';
import type { JobService } from '../jobs/index.ts';
import type { Identity } from '../http/types.ts';
import { fail } from '../http/errors.ts';
import type { DiagnoseStore } from './store.ts';

type RunRequest = z.output<typeof diagnoseRunRequest>;

/** Steps of one test running at once: a fleet-wide ping is answered within a minute at 10,000 devices. */
export const DIAGNOSE_CONCURRENCY = 1000;
/** How long a device that is offline may take to come back and still run the test. */
export const DIAGNOSE_DEADLINE_MS = 10 * 60_000;

export function diagnoseService(deps: { jobs: JobService; devices: DeviceDirectory; store: DiagnoseStore }) {
  const { jobs, devices } = deps;

  async function devicesOf(request: RunRequest): Promise<string[]> {
    if (request.deviceIds?.length) return request.deviceIds;
    const groupId = request.groupId!;
    if (!(await devices.groups.get(groupId))) throw fail(404, 'notFound');
    const ids: string[] = [];
    for (const device of devices.scan()) if (device.record.groupId === groupId) ids.push(device.record.id);
    if (!ids.length) throw fail(400, 'diagnoseGroupEmpty');
    return ids;
  }

  /** A short title for lists: the test and what it reaches. */
  function titleOf(request: RunRequest): string {
    const params = request.params as { target?: string; server?: string; mode?: string };
    return [request.test, params.target ?? params.server ?? params.mode].filter(Boolean).join(' ');
  }

  return {
    /** `consoleUrl`: the console as the caller reached it, where its own speedtest endpoint is. */
    async run(request: RunRequest, identity: Identity, consoleUrl: string): Promise<JobDetail> {
      if (!allows(identity.permissions, canManage(diagnoseTestPermission[request.test])))
        throw fail(403, 'forbidden');
      const deviceIds = await devicesOf(request);
      const params =
        request.test === 'speedtest' && !request.params.server
          ? { ...request.params, consoleUrl }
          : request.params;
      const id = await jobs.create({
        kind: diagnoseJobKinds[request.test],
        title: titleOf(request),
        params,
        deviceIds,
        options: {
          concurrency: Math.min(DIAGNOSE_CONCURRENCY, deviceIds.length),
          deadlineMs: DIAGNOSE_DEADLINE_MS,
        },
        createdBy: 'operator',
        createdByName: identity.userName,
      });
      return jobs.get(id);
    },

    /** The device's tests the caller may see, newest first. */
    async history(query: z.output<typeof diagnoseHistoryQuery>, identity: Identity) {
      if (!devices.get(query.deviceId)) throw fail(404, 'notFound');
      const visible = diagnoseTests.filter(
        (t) =>
          allows(identity.permissions, canView(diagnoseTestPermission[t])) &&
          (!query.test || query.test === t),
      );
      return deps.store.history({ ...query, tests: visible });
    },
  };
}
export type DiagnoseService = ReturnType<typeof diagnoseService>;
