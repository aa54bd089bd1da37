/**
 * Device configuration, desired and reported: store, apply engine and its inbox, wired together, and the
 * news of every section state change (section-changes.ts) for the live WebSocket.
 */
import type { Db } from '../db/schema.ts';
import type { DeviceDirectory, RpcService } from '../devices/index.ts';
import type { Bus, BusLog } from '../gateway/index.ts';
import { announcingStore } from './announcing-store.ts';
import { applyEngine } from './engine.ts';
import { openConfigInbox } from './inbox.ts';
import { configService, type ConfigService } from './service.ts';
import { announcer, listenSectionChanges, type SectionChanges } from './section-changes.ts';
import { configStore } from './store.ts';
import { followDeviceNames } from './device-name.ts';
import { resendPendingTask } from './resend-task.ts';
import type { SystemTask } from '../scheduler/service.ts';

export type { ConfigService } from './service.ts';
export type { SectionChanges, SectionChangeListener } from './section-changes.ts';

export interface ConfigServicesOptions {
  db: Db;
  bus: Bus;
  devices: DeviceDirectory;
  rpc: RpcService;
  log: BusLog;
  /** How long a device waits for the confirmation of a change that may cut it off. */
  confirmTimeoutMs: number;
  /** Refuses a change to a device that may not be changed (License Lock). */
  admit?: (deviceId: string) => void;
}

export interface ConfigServices {
  service: ConfigService;
  /** Section state changes made by any console replica. */
  sectionChanges: SectionChanges;
  /** The engine's periodic work, claimed across replicas (resend-task.ts). */
  tasks: SystemTask[];
  stop(): Promise<void>;
}

export async function startConfigServices(opts: ConfigServicesOptions): Promise<ConfigServices> {
  const { bus, rpc, devices, log, confirmTimeoutMs } = opts;
  const store = announcingStore(configStore(opts.db), announcer(bus, log));
  const sectionChanges = await listenSectionChanges(bus, log);
  const engine = applyEngine({ store, rpc, devices, log, confirmTimeoutMs });
  await engine.start();
  const stopInbox = await openConfigInbox({ bus, devices, engine, log });
  const stopNames = followDeviceNames(sectionChanges, devices, log);
  return {
    service: configService({ store, engine, devices, admit: opts.admit }),
    sectionChanges,
    tasks: [resendPendingTask(engine)],
    async stop() {
      stopNames();
      engine.stop();
      await stopInbox();
      await sectionChanges.stop();
    },
  };
}
