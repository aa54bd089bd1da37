/**
 * Presence: online on the status word 'online', a hello or a heartbeat; offline on 'offline' (sent on a
 * clean stop, or by the broker as the last will) or when MISSED_INTERVALS_FOR_OFFLINE report intervals pass
 * without a heartbeat. One periodic sweep checks every device, rather than a timer per device.
 */
import {
  MISSED_INTERVALS_FOR_OFFLINE,
  type DeviceStatusWord,
  type HeartbeatMessage,
  type HelloMessage,
} from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';
import type { DeviceChanges } from './changes.ts';
import type { DeviceRegistry, LiveDevice } from './registry.ts';

export interface PresenceDeps {
  registry: DeviceRegistry;
  changes: DeviceChanges;
  log: BusLog;
  /** Told when a device goes offline, so calls waiting on it fail at once. */
  onOffline(deviceId: string): void;
  now?: () => number;
}

export function presence({ registry, changes, log, onOffline, now = Date.now }: PresenceDeps) {
  function seen(device: LiveDevice, at: number): void {
    device.lastSeenAt = at;
    device.dirty = true;
    if (device.online) return;
    device.online = true;
    changes.emit({ type: 'online', deviceId: device.record.id, at });
  }

  function wentOffline(device: LiveDevice, at: number): void {
    if (!device.online) return;
    device.online = false;
    device.dirty = true;
    changes.emit({ type: 'offline', deviceId: device.record.id, at });
    onOffline(device.record.id);
  }

  return {
    status(device: LiveDevice, word: DeviceStatusWord): void {
      if (word === 'online') seen(device, now());
      else wentOffline(device, now());
    },

    hello(device: LiveDevice, hello: HelloMessage): void {
      if (hello.serial !== device.record.serial) {
        log.warn({ deviceId: device.record.id, serial: hello.serial }, 'hello names another serial; ignored');
        return;
      }
      registry.setRecord(device, {
        ...device.record,
        model: hello.model,
        firmware: hello.firmware,
        agentVersion: hello.agentVersion ?? device.record.agentVersion,
        hostname: hello.hostname,
        ip: hello.ip,
        mac: hello.mac,
        secureMode: hello.secureMode,
        latitude: hello.location?.latitude ?? device.record.latitude,
        longitude: hello.location?.longitude ?? device.record.longitude,
      });
      device.capabilities = hello.capabilities;
      device.cellular = hello.cellular ?? null;
      device.alarms = new Set(hello.alarms);
      if (hello.reportInterval !== 'latency') device.reportInterval = hello.reportInterval;
      seen(device, now());
      registry.emitState(device);
    },

    heartbeat(device: LiveDevice, heartbeat: HeartbeatMessage): void {
      device.heartbeat = heartbeat;
      device.upTime = heartbeat.uptime;
      device.reportInterval = heartbeat.reportInterval;
      seen(device, now());
      changes.emit({ type: 'heartbeat', deviceId: device.record.id, heartbeat });
    },

    /** The broker is lost: no device can be reached until it speaks again, so none is shown online. */
    allUnreachable(): void {
      const at = now();
      for (const device of registry.all()) wentOffline(device, at);
    },

    /** Marks offline every device whose heartbeats stopped. */
    sweep(): void {
      const at = now();
      for (const device of registry.all()) {
        if (!device.online || device.lastSeenAt === null) continue;
        if (at - device.lastSeenAt > MISSED_INTERVALS_FOR_OFFLINE * device.reportInterval * 1000)
          wentOffline(device, at);
      }
    },
  };
}

export type Presence = ReturnType<typeof presence>;
