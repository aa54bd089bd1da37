/** The jobs feature wired: store, kinds, runner, service. Modules register kinds on `service.kinds`. */
import type { Db, Dialect } from '../db/schema.ts';
import type { BusLog } from '../gateway/index.ts';
import type { DeviceDirectory } from '../devices/index.ts';
import type { RpcService } from '../devices/rpc.ts';
import { jobKinds } from './kinds.ts';
import { jobStore } from './store.ts';
import { jobRunner, type JobTimings } from './runner.ts';
import { jobService, type JobService } from './service.ts';
import { jobChanges } from './changes.ts';
import { stepLines } from './lines.ts';

export type { JobService, JobRequest } from './service.ts';
export type { JobKind, StepContext, StepOutcome } from './kinds.ts';
export type { JobChange } from './changes.ts';

export function startJobs(deps: {
  db: Db;
  dialect: Dialect;
  rpc: RpcService;
  devices: DeviceDirectory;
  log: BusLog;
  timings: JobTimings;
}): { service: JobService; stop(): Promise<void> } {
  const store = jobStore(deps.db, deps.dialect);
  const kinds = jobKinds();
  const changes = jobChanges(deps.log);
  const lines = stepLines();
  const runner = jobRunner({ ...deps, store, kinds, changes, lines });
  return {
    service: jobService({ store, kinds, runner, devices: deps.devices, changes, lines }),
    stop: runner.stop,
  };
}
