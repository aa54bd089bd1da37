/**
 * The console's ears on the device bus: one subscription per channel for all devices, each message parsed
 * with the protocol's schema and handed to the service that owns it. Presence and RPC answers are needed
 * by every console replica; telemetry, events, pings and enrolment are shared among replicas.
 */
import {
  EVERY_ENROL_REQUEST,
  deviceStatuses,
  deviceTopic,
  eventMessage,
  everyDeviceTopic,
  heartbeatMessage,
  helloMessage,
  parseDeviceTopic,
  parseEnrolTopic,
  telemetryMessage,
  type DeviceChannel,
  type DeviceStatusWord,
} from '@edge/protocol';
import type { z } from 'zod';
import type { Bus, BusLog, Unsubscribe } from '../gateway/index.ts';
import type { DeviceRegistry, LiveDevice } from './registry.ts';
import type { Presence } from './presence.ts';
import type { RpcEngine } from './rpc.ts';
import type { EnrolmentEngine } from './enrolment.ts';
import type { EventLog } from './event-log.ts';
import type { TelemetrySampler } from './telemetry-sampler.ts';
import type { DeviceChanges } from './changes.ts';
import { sampleOf } from './metrics.ts';
import type { IngestCounter } from './ingest.ts';
import { intakeQueue, type IntakeHandler } from './intake.ts';
import { PackedJson } from '../lib/packed-json.ts';

export interface InboxDeps {
  bus: Bus;
  registry: DeviceRegistry;
  presence: Presence;
  rpc: RpcEngine;
  enrolment: EnrolmentEngine;
  events: EventLog;
  sampler: TelemetrySampler;
  changes: DeviceChanges;
  log: BusLog;
  ingest: IngestCounter;
}

/** A misbehaving device is reported once a minute, not once a message. */
const COMPLAINT_INTERVAL_MS = 60_000;

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

export async function openInbox(deps: InboxDeps): Promise<() => Promise<void>> {
  const { bus, registry, presence, log, ingest } = deps;
  const lastComplaint = new Map<string, number>();
  const intake = intakeQueue((err, topic) => log.error({ err, topic }, 'device message handler failed'));
  /**
   * Presence, reports and events go through the intake queue (intake.ts), in arrival order, so a device's
   * last will cannot overtake its last heartbeat. RPC answers, pings and enrolment skip it: someone waits
   * on each of them, and they are few.
   */
  const queued =
    (handler: IntakeHandler): IntakeHandler =>
    (topic, payload) =>
      intake.push(handler, topic, payload);

  function complain(deviceId: string, channel: string, issue: string): void {
    const key = `${deviceId}/${channel}`;
    const now = Date.now();
    if ((lastComplaint.get(key) ?? 0) + COMPLAINT_INTERVAL_MS > now) return;
    lastComplaint.set(key, now);
    log.warn({ deviceId, channel, issue }, 'device message refused');
  }

  /** Routes one channel's messages of known devices to `handle`, with the payload validated by `schema`. */
  function route<T>(
    channel: DeviceChannel,
    schema: z.ZodType<T> | null,
    handle: (device: LiveDevice, message: T) => void,
  ) {
    return (topic: string, payload: Buffer) => {
      const parsed = parseDeviceTopic(topic);
      if (!parsed) return;
      const deliver = (device: LiveDevice | undefined) => {
        if (!device) return ingest.unknownDevice();
        if (!schema) {
          ingest.accepted(channel);
          return handle(device, payload as T);
        }
        const checked = schema.safeParse(parseJson(payload));
        if (checked.success) {
          ingest.accepted(channel);
          handle(device, checked.data);
        } else {
          ingest.refused();
          complain(parsed.deviceId, channel, checked.error.issues[0]?.message ?? 'invalid');
        }
      };
      const known = registry.live(parsed.deviceId);
      if (known) deliver(known);
      else
        registry
          .resolve(parsed.deviceId)
          .then(deliver, (err: unknown) => log.error({ err }, 'device lookup failed'));
    };
  }

  const subscriptions: [string, (topic: string, payload: Buffer) => void, boolean][] = [
    [
      everyDeviceTopic('status'),
      queued(
        route<Buffer>('status', null, (device, payload) => {
          const word = payload.toString('utf8');
          // An empty payload is the retained word being cleared (device removed): nothing to do.
          if ((deviceStatuses as readonly string[]).includes(word))
            presence.status(device, word as DeviceStatusWord);
        }),
      ),
      false,
    ],
    [everyDeviceTopic('hello'), queued(route('hello', helloMessage, presence.hello)), false],
    [everyDeviceTopic('heartbeat'), queued(route('heartbeat', heartbeatMessage, presence.heartbeat)), false],
    [
      everyDeviceTopic('telemetry'),
      queued(
        route('telemetry', telemetryMessage, (device, telemetry) => {
          device.telemetry = new PackedJson(telemetry);
          deps.sampler.add(device.record.id, sampleOf(device.heartbeat, telemetry));
          deps.changes.emit({ type: 'telemetry', deviceId: device.record.id, telemetry });
        }),
      ),
      true,
    ],
    [everyDeviceTopic('events'), queued(route('events', eventMessage, deps.events.record)), true],
    [
      everyDeviceTopic('rpc/res'),
      route<Buffer>('rpc/res', null, (device, payload) =>
        deps.rpc.handleResponse(device.record.id, parseJson(payload)),
      ),
      false,
    ],
    [
      everyDeviceTopic('ping'),
      // Echo unchanged: the device measures the round trip through broker and console.
      route<Buffer>('ping', null, (device, payload) => {
        if (payload.length <= 256)
          void bus.publish(deviceTopic(device.record.id, 'pong'), payload).catch(() => undefined);
      }),
      true,
    ],
    [
      EVERY_ENROL_REQUEST,
      (topic, payload) => {
        const parsed = parseEnrolTopic(topic);
        if (parsed?.kind !== 'request') return;
        ingest.accepted('enrol');
        void deps.enrolment.handleRequest(parsed.serial, parseJson(payload));
      },
      true,
    ],
  ];

  const unsubscribes: Unsubscribe[] = [];
  for (const [filter, handler, shared] of subscriptions)
    unsubscribes.push(await bus.subscribe(filter, handler, { shared }));
  return async () => {
    for (const unsubscribe of unsubscribes) await unsubscribe();
    intake.drain();
  };
}
