/**
 * A console process for the restart tests: main.ts's console plus the probe kind, which appends each run
 * it starts to JOB_RUN_LOG before calling the device, so what a killed process began is on disk.
 */
import { loadConfig } from '../config.ts';
import { buildConsole } from '../app.ts';
import { fileRecordedProbe } from './jobs.ts';

const config = loadConfig();
const edge = await buildConsole(config);
edge.jobs.kinds.register(fileRecordedProbe(process.env.JOB_RUN_LOG ?? 'job-runs.log'));
await edge.app.listen({ port: config.port, host: config.host });
process.stdout.write('test console listening\n');
