/**
 * The installed list: a device's apps asked of the device itself (states, ports, uptime, CPU and memory,
 * why one is not running) or, while it is offline, as it last showed them (the last list read here, else its
 * last report's names and states), marked offline with their time; the fleet's as each device last reported them (its report, or the `containers`
 * message its engine's last change sent, live.ts), and the SPEC 4 actions and logs
 * through the device's containers capability, refusals in SPEC 8's words.
 */
import type { z } from 'zod';
import {
  deviceCapabilities,
  messages,
  type RpcParams,
  type containerActionRequest,
  type containerLogsQuery,
  type fleetInstalledQuery,
  type HypervisorResponse,
  type InstalledContainer,
  type InstalledResponse,
  type RpcResult,
} from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import type { RpcService } from '../devices/rpc.ts';
import { fail } from '../http/errors.ts';
import type { ContainerReports } from './live.ts';
import { containerFailure, containerFailureCode } from './reasons.ts';

const CALL_MS = 20_000;
/** Stopping waits up to 10 s for the app before the engine kills it. */
const ACTION_MS = 45_000;

/** Devices whose last list is kept for when they go offline; the least recently read go first. */
const KEPT_LISTS = 2000;

/** An app known only by a report's name and state: nothing else of it is claimed. */
const reportedOnly = (app: { name: string; state: InstalledContainer['state']; id?: string }) =>
  ({
    id: app.id ?? '',
    name: app.name,
    image: '',
    state: app.state,
    status: '',
    ports: [],
    resource: null,
    managed: true,
    createdAt: 0,
    startedAt: null,
    exitCode: null,
    oomKilled: false,
    reason: null,
    cpuPercent: null,
    memoryBytes: null,
    memoryLimitBytes: null,
  }) satisfies InstalledContainer;

export function installedService(devices: DeviceDirectory, rpc: RpcService, reports: ContainerReports) {
  const known = (deviceId: string) => {
    if (!devices.get(deviceId)) throw fail(404, 'notFound');
  };
  /** The last list each device answered (this replica), for when it is offline. */
  const lastListed = new Map<string, { at: number; listed: RpcResult<'containers.list'> }>();
  devices.onChange((change) => {
    if (change.type === 'removed') lastListed.delete(change.deviceId);
  });

  /** The offline device's apps as it last showed them: no live figures, its time said. */
  function lastKnown(deviceId: string): InstalledResponse {
    const kept = lastListed.get(deviceId);
    const view = devices.get(deviceId);
    const report = reports.newest(deviceId, view?.telemetry);
    // A report newer than the kept list knows of apps that came or went since: its names and states win.
    if (kept && (!report || kept.at >= report.ts))
      return {
        deviceId,
        containers: kept.listed.containers.map((c) => ({ ...c, cpuPercent: null, memoryBytes: null })),
        capacity: kept.listed.capacity,
        offline: true,
        asOf: kept.at,
      };
    const byName = new Map(kept?.listed.containers.map((c) => [c.name, c]));
    return {
      deviceId,
      containers: (report?.containers ?? []).map((app) => {
        const was = byName.get(app.name);
        return was
          ? { ...was, state: app.state, cpuPercent: null, memoryBytes: null }
          : reportedOnly({ ...app, state: app.state });
      }),
      capacity: kept?.listed.capacity ?? null,
      offline: true,
      asOf: report?.ts ?? null,
    };
  }

  async function ask<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw containerFailure(err);
    }
  }

  return {
    async device(deviceId: string): Promise<InstalledResponse> {
      const view = devices.get(deviceId);
      if (!view) throw fail(404, 'notFound');
      if (!view.online) return lastKnown(deviceId);
      let listed;
      try {
        listed = await rpc.call(deviceId, 'containers.list', { stats: true }, { deadlineMs: CALL_MS });
      } catch (err) {
        // Gone offline while asked: what it last showed, as for a device already offline.
        if (containerFailureCode(err) === 'deviceOffline') return lastKnown(deviceId);
        throw containerFailure(err);
      }
      const at = Date.now();
      lastListed.delete(deviceId);
      lastListed.set(deviceId, { at, listed });
      if (lastListed.size > KEPT_LISTS) lastListed.delete(lastListed.keys().next().value!);
      return { deviceId, ...listed, offline: false, asOf: at };
    },

    /**
     * The hypervisor view: health and disk from the last heartbeat, network cards from the last report, the
     * engine asked now; an engine that cannot be asked is said in SPEC 8's words, the rest still shown.
     */
    async hypervisor(deviceId: string): Promise<HypervisorResponse> {
      const view = devices.get(deviceId);
      if (!view) throw fail(404, 'notFound');
      let engine: HypervisorResponse['engine'] = null;
      let unreachable: string | null = null;
      try {
        ({ engine } = await rpc.call(deviceId, 'containers.engine', {}, { deadlineMs: ACTION_MS }));
      } catch (err) {
        const code = containerFailureCode(err);
        // Not a deploy: a refusal with no SPEC words of its own is said in the device's words.
        unreachable = code === 'deployFailed' ? (err as Error).message : messages[code];
      }
      const beat = view.heartbeat;
      return {
        deviceId,
        name: view.name,
        model: view.model,
        online: view.online,
        health: {
          reportedAt: beat?.ts ?? null,
          upTime: view.upTime,
          cpu: {
            cores: beat?.cpuCores ?? null,
            usage: beat?.cpuUsage ?? null,
            temperature: beat?.cpuTemp ?? null,
          },
          memory: beat?.memory ?? null,
          disk: beat?.disk ?? null,
          loadLevel: beat?.load ?? null,
        },
        networkCards: view.telemetry?.interfaces ?? [],
        engine,
        unreachable,
      };
    },

    /** Devices with a container engine matching the search (name, serial, model), at most 100, and their groups. */
    async devices(search: string) {
      const needle = search.toLowerCase();
      const list = [];
      const groupIds = new Set<number>();
      for (const live of devices.scan()) {
        if (!live.capabilities.includes(deviceCapabilities.containers)) continue;
        const { id, name, serial, model, groupId } = live.record;
        if (groupId !== null) groupIds.add(groupId);
        if (list.length < 100 && (!needle || `${name} ${serial} ${model}`.toLowerCase().includes(needle)))
          list.push({ id, name, sn: serial, model, online: live.online });
      }
      const groups = (await devices.groups.list())
        .filter((g) => groupIds.has(g.id))
        .map((g) => ({ id: g.id, name: g.name }));
      return { list, groups };
    },

    fleet(query: z.output<typeof fleetInstalledQuery>) {
      const needle = query.search.toLowerCase();
      const rows = [];
      for (const live of devices.scan()) {
        if (!live.capabilities.includes(deviceCapabilities.containers)) continue;
        const view = devices.get(live.record.id);
        for (const app of reports.statesOf(live.record.id, view?.telemetry) ?? []) {
          const row = {
            deviceId: live.record.id,
            deviceName: live.record.name,
            online: live.online,
            name: app.name,
            state: app.state,
            ...(app.id && { id: app.id }),
          };
          if (!needle || `${row.deviceName} ${row.name} ${row.state}`.toLowerCase().includes(needle))
            rows.push(row);
        }
      }
      rows.sort((a, b) => a.deviceName.localeCompare(b.deviceName) || a.name.localeCompare(b.name));
      const start = (query.page - 1) * query.pageSize;
      return { list: rows.slice(start, start + query.pageSize), total: rows.length };
    },

    async action(request: z.output<typeof containerActionRequest>) {
      known(request.deviceId);
      const { container } = await ask(() =>
        rpc.call(
          request.deviceId,
          'containers.action',
          { name: request.name, action: request.action },
          { deadlineMs: ACTION_MS },
        ),
      );
      return {
        container,
        message: request.action === 'remove' ? messages.deleted : messages.applicationUpdated,
      };
    },

    async volume(deviceId: string, args: RpcParams<'containers.volume'>) {
      known(deviceId);
      return ask(() => rpc.call(deviceId, 'containers.volume', args, { deadlineMs: ACTION_MS }));
    },

    async network(deviceId: string, args: RpcParams<'containers.network'>) {
      known(deviceId);
      return ask(() => rpc.call(deviceId, 'containers.network', args, { deadlineMs: ACTION_MS }));
    },

    async logs(query: z.output<typeof containerLogsQuery>) {
      known(query.deviceId);
      return ask(() =>
        rpc.call(
          query.deviceId,
          'containers.logs',
          { name: query.name, tail: query.tail },
          { deadlineMs: CALL_MS },
        ),
      );
    },
  };
}
export type InstalledService = ReturnType<typeof installedService>;
