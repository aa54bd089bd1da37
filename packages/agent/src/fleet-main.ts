/** edge-fleet: runs N simulated devices against a console. */
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Fleet } from './fleet.ts';
import { serveFleetControl } from './fleet-control.ts';
import { lineLog } from './log.ts';
import { MODELS, type ModelSpec } from './platform/catalogue.ts';
import {
  fail,
  parseAddresses,
  parseInterval,
  parseLogLevel,
  positiveInt,
  readCommandLine,
  UsageError,
  enrolProof,
} from './cli/options.ts';

const USAGE = `Usage: edge-fleet --console URL --count N [options]

Runs N simulated edge devices (serials PREFIX-000001 ...) that enrol with the console and report.

  --console URL           console (http://host:8080, devices use ws://host:8080/mqtt) or broker (mqtt://host:1883)
  --count N               number of devices
  --prefix TEXT           serial prefix (default SIM)
  --first N               number of the first device (default 1)
  --seed N                simulation seed; same seed, same fleet (default 1)
  --models M,M,...        models given to the devices in turn (default: drawn per serial); one of
                          ${MODELS.map((m) => m.model).join(', ')}
  --interval S            report interval: 5, 30, 60 or latency (default 30; other seconds for tests)
  --boot-ms MS            how long a simulated reboot keeps a device off (default 5000)
  --reboot-delay-ms MS    wait between answering reboot/shutdown and doing it (default 5000, SPEC 4)
  --dropouts-per-day N    random network drop-outs per device per day (default 2; 0 for none)
  --ramp-ms MS            spread the first connections over this long (default 5 ms per device, at most 30 s)
  --local-addresses A     spread sockets over local addresses: 127.0.0.1-127.0.0.8 or a,b,c
  --enrol-secret S        the organisation's enrolment secret (Provision; or EDGE_ENROL_SECRET)
  --claim-code C          one claim code for every device, as listed on the provisioning list
                          (or EDGE_CLAIM_CODE)
  --state-file FILE       keep device identities across runs (default DATA_DIR/fleet-PREFIX.json)
  --memory                keep identities in memory only (every run enrols anew)
  --log-level L           info, warn, error or silent (default warn)
  --control               read commands on stdin (census; drop SERIAL [MS]; refuse/accept SERIAL), answer on stdout (fleet-control.ts)
  -h, --help              this text
`;

const args = readCommandLine(USAGE, {
  console: { type: 'string' },
  count: { type: 'string' },
  prefix: { type: 'string', default: 'SIM' },
  first: { type: 'string', default: '1' },
  seed: { type: 'string', default: '1' },
  models: { type: 'string' },
  interval: { type: 'string', default: '30' },
  'boot-ms': { type: 'string', default: '5000' },
  'reboot-delay-ms': { type: 'string', default: '5000' },
  'dropouts-per-day': { type: 'string', default: '2' },
  'ramp-ms': { type: 'string' },
  'local-addresses': { type: 'string' },
  'state-file': { type: 'string' },
  'enrol-secret': { type: 'string' },
  'claim-code': { type: 'string' },
  memory: { type: 'boolean', default: false },
  'log-level': { type: 'string', default: 'warn' },
  control: { type: 'boolean', default: false },
});

function parseModels(text: string): ModelSpec[] {
  return text.split(',').map((name) => {
    const spec = MODELS.find((m) => m.model === name.trim());
    if (!spec) throw new UsageError(`--models: no model named ${name.trim()}`);
    return spec;
  });
}

let fleet: Fleet;
try {
  if (!args.console) throw new UsageError('--console is required');
  if (!args.count) throw new UsageError('--count is required');
  const prefix = args.prefix!;
  fleet = new Fleet({
    console: args.console,
    count: positiveInt('count', args.count, 1),
    prefix,
    first: positiveInt('first', args.first!, 1),
    seed: positiveInt('seed', args.seed!),
    models: args.models === undefined ? undefined : parseModels(args.models),
    reportInterval: parseInterval(args.interval!),
    bootMs: positiveInt('boot-ms', args['boot-ms']!),
    rebootDelayMs: positiveInt('reboot-delay-ms', args['reboot-delay-ms']!),
    dropoutsPerDay: positiveInt('dropouts-per-day', args['dropouts-per-day']!),
    rampMs: args['ramp-ms'] === undefined ? undefined : positiveInt('ramp-ms', args['ramp-ms']),
    localAddresses: args['local-addresses'] ? parseAddresses(args['local-addresses']) : undefined,
    stateFile: args.memory
      ? undefined
      : (args['state-file'] ?? path.resolve(process.env.DATA_DIR || './data', `fleet-${prefix}.json`)),
    log: lineLog(parseLogLevel(args['log-level']!), 'fleet '),
    ...enrolProof(args['enrol-secret'], args['claim-code']),
  });
} catch (err) {
  fail(USAGE, err);
}

const say = (line: string) => process.stdout.write(`${line}\n`);
fleet.start();
say(`edge-fleet: ${fleet.devices.length} devices starting against ${args.console}`);
// Controlled: when the controller's end of stdin closes, stop as on SIGTERM.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const loopDelay = () => {
  const figures = { p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 };
  loop.reset();
  return figures;
};
const stopControl = args.control
  ? serveFleetControl(
      {
        census: () => fleet.census(),
        sentMessages: () => fleet.sentMessages(),
        device: (serial) => fleet.device(serial),
        refuseConfig: (serial, reason) => fleet.refuseConfig(serial, reason),
        cutOverlay: (serial, ms) => fleet.cutOverlay(serial, ms),
        failUpgrades: (serial, failing) => fleet.failUpgrades(serial, failing),
        loopDelay,
      },
      process.stdin,
      say,
      () => process.kill(process.pid, 'SIGTERM'),
    )
  : () => undefined;

let allOnlineSaid = false;
const report = setInterval(() => {
  const c = fleet.census();
  if (c.online === fleet.devices.length && !allOnlineSaid) {
    allOnlineSaid = true;
    say(`edge-fleet: all ${c.online} devices online`);
  }
  if (c.online !== fleet.devices.length) allOnlineSaid = false;
}, 1000);
const summary = setInterval(() => {
  const c = fleet.census();
  say(
    `edge-fleet: ${c.online} online, ${c.enrolling + c.waitingAdoption} enrolling, ${c.connecting} connecting, ${c.offline} offline, ${c.poweredOff} powered off`,
  );
}, 30_000);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    clearInterval(report);
    clearInterval(summary);
    stopControl();
    const force = setTimeout(() => process.exit(1), 10_000);
    fleet.stop().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      () => process.exit(1),
    );
  });
}
