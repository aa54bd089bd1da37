/** What the telemetry-history bench (bench/src/telemetry-history.ts) drives directly: the store, sampler and history. */
export { openStore } from '../db/database.ts';
export { telemetryStore, SERIES } from './telemetry-store.ts';
export { telemetrySampler } from './telemetry-sampler.ts';
export { telemetryHistory } from './telemetry.ts';
export { insertBareDevices } from './bare-devices.ts';
