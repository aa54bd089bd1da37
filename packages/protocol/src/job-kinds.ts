/**
 * The names of the device job kinds that more than one module refers to: Diagnose runs them on demand,
 * Schedule by calendar (SPEC 3: Schedule function types 1-6). One list so both agree on the spelling.
 */
export const diagnoseJobKinds = {
  ping: 'diagnose.ping',
  speedtest: 'diagnose.speedtest',
  traceroute: 'diagnose.traceroute',
  iperf: 'diagnose.iperf',
  cellScan: 'diagnose.cellScan',
} as const;

/** Saves a device's configuration sections (desired and reported) as a downloadable file. */
export const BACKUP_JOB_KIND = 'backup.device';

/** SPEC 3: Schedule function types, by number, and the job kind each one creates. */
export const scheduleFunctionKinds = {
  1: diagnoseJobKinds.ping,
  2: diagnoseJobKinds.speedtest,
  3: diagnoseJobKinds.traceroute,
  4: diagnoseJobKinds.iperf,
  5: diagnoseJobKinds.cellScan,
  6: BACKUP_JOB_KIND,
} as const;
export type ScheduleFunctionType = keyof typeof scheduleFunctionKinds;
