/**
 * Turns what happens on the fleet into messages, by the enabled event rules: device changes (offline, back
 * online, heartbeats over a threshold, alarms), section changes (a configuration rolled back) and jobs that
 * failed. A threshold event fires when a device crosses into it, not on every report while it stays there;
 * 'online' fires only for a device this console saw go offline (not for every device connecting at start).
 * Repeats within a rule's hold-off window count up on the open message (store.ts raise).
 */
import {
  CPU_HIGH_PERCENT,
  PROFILE_APPLY_JOB_KIND,
  eventSubjectOf,
  profileJobParams,
  TEMPERATURE_HIGH_CELSIUS,
  type EventRuleView,
  type HeartbeatMessage,
  type JobView,
  type RuleEvent,
  type SectionStateView,
} from '@edge/protocol';
import type { DeviceDirectory, DeviceView } from '../devices/index.ts';
import type { BusLog } from '../gateway/index.ts';
import type { RuleStore } from './rules.ts';
import type { Raise } from './store.ts';

/** One thing that happened, before the rules decide whether it is a message. */
export interface Happening {
  event: RuleEvent;
  deviceId: string | null;
  jobId?: number;
  /** Tells apart happenings of one device and event that are different messages (an alarm's code). */
  subject?: string;
  detail: string;
}

type Conditions = Partial<Record<'signalPoor' | 'cpuHigh' | 'temperatureHigh', boolean>>;

export function conditionsOf(h: HeartbeatMessage): Conditions {
  return {
    signalPoor: h.signal?.quality === 'poor',
    cpuHigh: h.cpuUsage >= CPU_HIGH_PERCENT,
    temperatureHigh: h.cpuTemp !== null && h.cpuTemp >= TEMPERATURE_HIGH_CELSIUS,
  };
}

const heartbeatDetail = (event: keyof Conditions, h: HeartbeatMessage) =>
  event === 'signalPoor'
    ? `Signal is poor (RSRP ${h.signal?.rsrp ?? '?'} dBm).`
    : event === 'cpuHigh'
      ? `CPU usage is ${h.cpuUsage.toFixed(0)}% (threshold ${CPU_HIGH_PERCENT}%).`
      : `CPU temperature is ${h.cpuTemp} °C (threshold ${TEMPERATURE_HIGH_CELSIUS} °C).`;

/**
 * Whether the rule covers what happened, by what its event is about (eventSubjects): a device's event the
 * devices or groups it selects; the controller's own event (a job, a licence) the controller; a profile's
 * event the profile (the happening's subject, its id).
 */
export function covers(rule: EventRuleView, device: DeviceView | undefined, happening: Happening): boolean {
  switch (eventSubjectOf(happening.event)) {
    case 'controller':
      return rule.controller;
    case 'profile':
      return rule.profileIds.includes(Number(happening.subject));
    case 'device':
      if (rule.allDevices) return true;
      if (!device) return false;
      return (
        rule.deviceIds.includes(device.id) ||
        (device.groupId !== null && rule.groupIds.includes(device.groupId))
      );
  }
}

/** The profile a rollout job applied (its params), when the job is one. */
function rolledOutProfile(job: JobView): { id: number; name: string } | undefined {
  if (job.kind !== PROFILE_APPLY_JOB_KIND) return undefined;
  const params = profileJobParams.safeParse(job.params);
  return params.success ? { id: params.data.profileId, name: params.data.name } : undefined;
}

export function ruleEngine(deps: {
  rules: RuleStore;
  devices: Pick<DeviceDirectory, 'get' | 'onChange'>;
  raise: (r: Raise) => Promise<unknown>;
  log: BusLog;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const conditions = new Map<string, Conditions>();
  const wentOffline = new Set<string>();
  const rolledBack = new Map<string, number>();

  async function happened(h: Happening): Promise<void> {
    const rules = (await deps.rules.enabled()).filter((r) => r.events.includes(h.event));
    if (!rules.length) return;
    const device = h.deviceId === null ? undefined : deps.devices.get(h.deviceId);
    const at = now();
    for (const rule of rules) {
      if (!covers(rule, device, h)) continue;
      const who = h.deviceId ?? (h.jobId === undefined ? 'console' : `job:${h.jobId}`);
      await deps.raise({
        ruleId: rule.id,
        ruleName: rule.name,
        event: h.event,
        severity: rule.severity,
        deviceId: h.deviceId,
        deviceName: device?.name ?? '',
        jobId: h.jobId ?? null,
        detail: h.detail,
        dedupeKey: [rule.id, h.event, who, h.subject ?? ''].join('|'),
        holdOffMs: rule.holdOffMinutes * 60_000,
        at,
        escalateMs: rule.escalateMinutes * 60_000,
        quiet: { from: rule.quietFrom, to: rule.quietTo },
      });
    }
  }

  const fire = (h: Happening) => {
    happened(h).catch((err: unknown) => deps.log.error({ err, event: h.event }, 'event rule not applied'));
  };

  function heartbeat(deviceId: string, h: HeartbeatMessage) {
    const before = conditions.get(deviceId) ?? {};
    const after = conditionsOf(h);
    conditions.set(deviceId, after);
    for (const event of ['signalPoor', 'cpuHigh', 'temperatureHigh'] as const)
      if (after[event] && !before[event]) fire({ event, deviceId, detail: heartbeatDetail(event, h) });
  }

  const stopDevices = deps.devices.onChange((change) => {
    switch (change.type) {
      case 'offline':
        wentOffline.add(change.deviceId);
        conditions.delete(change.deviceId);
        return fire({ event: 'offline', deviceId: change.deviceId, detail: 'The device went offline.' });
      case 'online':
        if (!wentOffline.delete(change.deviceId)) return;
        return fire({ event: 'online', deviceId: change.deviceId, detail: 'The device is back online.' });
      case 'heartbeat':
        return heartbeat(change.deviceId, change.heartbeat);
      case 'event': {
        const alarm = change.event.alarm;
        if (!alarm?.active) return;
        return fire({
          event: 'alarm',
          deviceId: change.deviceId,
          subject: alarm.code,
          detail: `Alarm ${alarm.code}: ${change.event.message}`,
        });
      }
      case 'removed':
        conditions.delete(change.deviceId);
        wentOffline.delete(change.deviceId);
        return;
      default:
        return;
    }
  });

  return {
    /** A section's new state (every replica hears it: the hold-off window keeps it to one message). */
    section(deviceId: string, view: SectionStateView): void {
      const key = `${deviceId}|${view.section}`;
      if (view.outcome !== 'rolled_back' && view.state !== 'rolled_back') return void rolledBack.delete(key);
      if (rolledBack.get(key) === view.desiredVersion) return;
      rolledBack.set(key, view.desiredVersion);
      fire({
        event: 'configRolledBack',
        deviceId,
        subject: view.section,
        detail: `The device rolled back its ${view.section} configuration (no confirmation came).`,
      });
    },
    job(job: JobView): void {
      if (job.state !== 'failed' && !(job.finishedAt !== null && job.counts.failed > 0)) return;
      fire({
        event: 'jobFailed',
        deviceId: null,
        jobId: job.id,
        detail: `Job "${job.title}" failed on ${job.counts.failed} device(s).`,
      });
      // A profile's rollout: also the profile's event, for the rules watching that profile.
      const profile = rolledOutProfile(job);
      if (profile)
        fire({
          event: 'profileFailed',
          deviceId: null,
          jobId: job.id,
          subject: String(profile.id),
          detail: `The rollout of profile "${profile.name}" failed on ${job.counts.failed} device(s).`,
        });
    },
    /** For tests: what a happening raises, awaited. */
    happened,
    stop: stopDevices,
  };
}
export type RuleEngine = ReturnType<typeof ruleEngine>;
