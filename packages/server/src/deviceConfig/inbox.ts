/**
 * What the apply engine hears: the devices' `config` reports (one replica handles each, in order per
 * device) and the device changes that mean "heard from it" (heartbeat, online) or "gone for good".
 */
import { configReport, everyDeviceTopic, parseDeviceTopic } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import { keyedLock } from '../lib/keyed-lock.ts';
import type { Bus, BusLog } from '../gateway/index.ts';
import type { ApplyEngine } from './engine.ts';

export interface ConfigInboxDeps {
  bus: Bus;
  devices: Pick<DeviceDirectory, 'get' | 'onChange'>;
  engine: ApplyEngine;
  log: BusLog;
}

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

export async function openConfigInbox({
  bus,
  devices,
  engine,
  log,
}: ConfigInboxDeps): Promise<() => Promise<void>> {
  // One device's reports are handled one after another: each settles what the previous one left.
  const perDevice = keyedLock();
  const failed = (deviceId: string) => (err: unknown) =>
    log.error({ err, deviceId }, 'configuration report handling failed');

  const unsubscribe = await bus.subscribe(
    everyDeviceTopic('config'),
    (topic, payload) => {
      const parsed = parseDeviceTopic(topic);
      // Only adopted devices: the broker already keeps each device to its own topics.
      if (!parsed || !devices.get(parsed.deviceId)) return;
      const report = configReport.safeParse(parseJson(payload));
      if (!report.success) {
        log.warn(
          { deviceId: parsed.deviceId, issue: report.error.issues[0]?.message },
          'config report refused',
        );
        return;
      }
      const { deviceId } = parsed;
      void perDevice(deviceId, () => engine.reconcile(deviceId, report.data)).catch(failed(deviceId));
    },
    { shared: true },
  );

  const stopListening = devices.onChange((change) => {
    if (change.type === 'heartbeat' || change.type === 'online')
      void engine.heard(change.deviceId)?.catch(failed(change.deviceId));
    if (change.type === 'online') void engine.returned(change.deviceId).catch(failed(change.deviceId));
    else if (change.type === 'removed') engine.forgetDevice(change.deviceId);
  });

  return async () => {
    stopListening();
    await unsubscribe();
  };
}
