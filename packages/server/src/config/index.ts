/** Device configuration, desired and reported: store, apply engine and its inbox, wired together. */
import type { Db } from '../db/schema.ts';
import type { DeviceDirectory, RpcService } from '../devices/index.ts';
import type { Bus, BusLog } from '../gateway/index.ts';
import { applyEngine } from './engine.ts';
import { openConfigInbox } from './inbox.ts';
import { configService, type ConfigService } from './service.ts';
import { configStore } from './store.ts';

export type { ConfigService } from './service.ts';

export interface ConfigServicesOptions {
  db: Db;
  bus: Bus;
  devices: DeviceDirectory;
  rpc: RpcService;
  log: BusLog;
  /** How long a device waits for the confirmation of a change that may cut it off. */
  confirmTimeoutMs: number;
}

export interface ConfigServices {
  service: ConfigService;
  stop(): Promise<void>;
}

export async function startConfigServices(opts: ConfigServicesOptions): Promise<ConfigServices> {
  const store = configStore(opts.db);
  const { rpc, devices, log, confirmTimeoutMs } = opts;
  const engine = applyEngine({ store, rpc, devices, log, confirmTimeoutMs });
  await engine.start();
  const stop = await openConfigInbox({ bus: opts.bus, devices, engine, log });
  return { service: configService({ store, engine, devices }), stop };
}
