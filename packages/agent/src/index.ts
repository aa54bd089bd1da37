/** The agent package as a library: the fleet simulator for the demo launcher and benchmarks, and the parts. */
export { Fleet, type FleetOptions, type Census } from './fleet.ts';
export { answer as fleetControlAnswer } from './fleet-control.ts';
export { DeviceClient, type ClientState, type DeviceClientOptions } from './client/device-client.ts';
export { HeapScheduler, type Scheduler } from './client/scheduler.ts';
export { brokerUrlFor } from './client/broker-url.ts';
export {
  fileIdentityStore,
  memoryIdentityStore,
  fleetIdentityFile,
  type Identity,
  type IdentityStore,
} from './client/identity.ts';
export { SimulatedPlatform, type SimulatedOptions } from './platform/simulated.ts';
export { LinuxPlatform, type LinuxPlatformOptions } from './platform/linux.ts';
export type { Platform, SystemPort, NetworkPort, DiagnosticsPort } from './ports/index.ts';
export { lineLog, type AgentLog, type LogLevel } from './log.ts';
export { ConfigEngine, type ConfigHost } from './config/engine.ts';
export { fileAppliedStore, memoryAppliedStore, type AppliedStore } from './config/applied-store.ts';
export { reachesConsole } from './config/reachability.ts';
