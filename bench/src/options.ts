/** The command line of `npm run bench`. */
import { parseArgs } from 'node:util';
import { BACKENDS, type BackendName, type Transport } from './backends.ts';
import { FANOUTS, type Fanout, type RunSettings } from './run-context.ts';

export const USAGE = `Usage: npm run bench -- [options]

Starts a console (child process) and a simulated fleet (another child process) per backend and size,
measures, prints a table, and cleans up after itself.

  --sizes N,N,...          fleet sizes (default 1000,10000)
  --backends B,B,...       sqlite, postgres, mosquitto (default sqlite)
  --postgres               also run on a throwaway PostgreSQL database (127.0.0.1:5432)
  --mosquitto              also run with Mosquitto as external broker (the bench starts its own;
                           BENCH_MQTT_URL=mqtt://... uses that one instead)
  --mosquitto-nagle        leave Nagle's algorithm on for the bench's Mosquitto (its default; to compare)
  --transport ws|tcp       how devices reach the embedded broker (default ws: MQTT over WebSocket)
  --max                    after the sizes, grow the fleet (x --max-factor) until it breaks
  --max-factor F           growth per step of --max (default 1.3)
  --max-limit N            largest size --max tries (default 60000)
  --interval S             report interval of the steady phase (default 30)
  --steady-s S             steady-state measuring window (default 60)
  --ramp-ms MS             spread of the fleet's first connections (default 0: a storm)
  --online-timeout-s S     give up waiting for all devices online (default 180)
  --api-requests N         requests per API route (default 200)
  --api-window-s S         seconds the API requests are spread over (default: one report interval); 300
                           takes in the telemetry history's maintenance (every 5 min) and five writes
  --rpc-calls N            RPC round trips (default 200)
  --drops N                devices dropped for offline detection (default 5)
  --terminals N            device terminals open at once for the keystroke echo (default 50; 0 skips)
  --terminal-keys N        keys each terminal types, one every 100 ms (default 300: 30 s of typing)
  --jump-mib N             MiB downloaded through a jump link to a real agent's HTTP server (default 50; 0 skips)
  --ingest-steps S,S,...   report intervals of the ingest-capacity probe (default 10,5,2,1)
  --no-ingest              skip the ingest-capacity probe
  --no-fanouts             skip the diagnose, profile rollout, deploy and backup fan-outs (to reach the
                           terminals at 10,000 devices within a short run)
  --fanouts F,F,...        only these fan-outs: ping, rollout, deploy, backup (default all; e.g. one job
                           phase at a time with --profile)
  --ingest-window-s S      measuring window per probe step (default 15)
  --local-addresses A      fleet source addresses (default 127.0.0.2-127.0.0.33)
  --console-node-flags=F   Node/V8 flags of the console process after its own (process/node-flags.ts), e.g.
                           --console-node-flags=--max-semi-space-size=16 for Node's default young generation
  --fleet-processes N      simulator processes the fleet is spread over (default: one per 2,500 devices,
                           at most one per core; 1 runs the whole fleet in one process)
  --fleet-nice N           scheduling niceness of the simulator processes (default 10; 0: same as the console)
  --profile DIR            write CPU profiles of console and fleet to DIR and summarise them
  --heap-snapshot DIR      write a heap snapshot of each console there (summarise: bench/src/heap-summary.ts)
  --json FILE              also write the figures as JSON (default bench/results/last.json)
  --deadline-min M         hard deadline of the whole run (default 120)
  -h, --help               this text
`;

export interface BenchOptions {
  sizes: number[];
  backends: BackendName[];
  transport: Transport;
  mosquittoNagle: boolean;
  max: boolean;
  maxFactor: number;
  maxLimit: number;
  settings: Omit<RunSettings, 'size'>;
  json: string;
  deadlineMin: number;
}

export class UsageError extends Error {}

const numbers = (name: string, text: string): number[] =>
  text.split(',').map((t) => {
    const n = Number(t.trim());
    if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name}: not a positive number: ${t}`);
    return n;
  });

const one = (name: string, text: string): number => numbers(name, text)[0]!;

/** A count where 0 means the phase is skipped. */
function countOrNone(name: string, text: string): number {
  const n = Number(text.trim());
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name}: not a whole number 0 or more: ${text}`);
  return n;
}

function fanoutList(text: string): Fanout[] {
  const names = text.split(',').map((t) => t.trim());
  for (const n of names)
    if (!(FANOUTS as readonly string[]).includes(n))
      throw new UsageError(`--fanouts: unknown fan-out ${n} (${FANOUTS.join(', ')})`);
  return FANOUTS.filter((f) => names.includes(f));
}

function niceness(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 19)
    throw new UsageError('--fleet-nice must be a whole number 0-19');
  return n;
}

export function parseOptions(argv: string[]): BenchOptions | 'help' {
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      sizes: { type: 'string', default: '1000,10000' },
      backends: { type: 'string', default: 'sqlite' },
      postgres: { type: 'boolean', default: false },
      mosquitto: { type: 'boolean', default: false },
      transport: { type: 'string', default: 'ws' },
      'mosquitto-nagle': { type: 'boolean', default: false },
      max: { type: 'boolean', default: false },
      'max-factor': { type: 'string', default: '1.3' },
      'max-limit': { type: 'string', default: '60000' },
      interval: { type: 'string', default: '30' },
      'steady-s': { type: 'string', default: '60' },
      'ramp-ms': { type: 'string', default: '0' },
      'online-timeout-s': { type: 'string', default: '180' },
      'api-requests': { type: 'string', default: '200' },
      'api-window-s': { type: 'string' },
      'rpc-calls': { type: 'string', default: '200' },
      drops: { type: 'string', default: '5' },
      terminals: { type: 'string', default: '50' },
      'terminal-keys': { type: 'string', default: '300' },
      'jump-mib': { type: 'string', default: '50' },
      'ingest-steps': { type: 'string', default: '10,5,2,1' },
      'no-ingest': { type: 'boolean', default: false },
      'no-fanouts': { type: 'boolean', default: false },
      fanouts: { type: 'string', default: FANOUTS.join(',') },
      'ingest-window-s': { type: 'string', default: '15' },
      'local-addresses': { type: 'string', default: '127.0.0.2-127.0.0.33' },
      'fleet-processes': { type: 'string' },
      'fleet-nice': { type: 'string', default: '10' },
      'console-node-flags': { type: 'string', default: '' },
      profile: { type: 'string' },
      'heap-snapshot': { type: 'string' },
      json: { type: 'string', default: 'bench/results/last.json' },
      'deadline-min': { type: 'string', default: '120' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (v.help) return 'help';
  const backends = v.backends.split(',').map((b) => b.trim());
  for (const b of backends)
    if (!(BACKENDS as readonly string[]).includes(b))
      throw new UsageError(`--backends: unknown backend ${b}`);
  if (v.postgres) backends.push('postgres');
  if (v.mosquitto) backends.push('mosquitto');
  if (v.transport !== 'ws' && v.transport !== 'tcp') throw new UsageError('--transport must be ws or tcp');
  const rampMs = Number(v['ramp-ms']);
  if (!Number.isInteger(rampMs) || rampMs < 0) throw new UsageError('--ramp-ms must be a whole number >= 0');
  return {
    sizes: numbers('sizes', v.sizes).map(Math.round),
    backends: [...new Set(backends)] as BackendName[],
    transport: v.transport,
    mosquittoNagle: v['mosquitto-nagle'],
    max: v.max,
    maxFactor: one('max-factor', v['max-factor']),
    maxLimit: one('max-limit', v['max-limit']),
    json: v.json,
    deadlineMin: one('deadline-min', v['deadline-min']),
    settings: {
      intervalS: one('interval', v.interval),
      rampMs,
      steadyS: one('steady-s', v['steady-s']),
      onlineTimeoutS: one('online-timeout-s', v['online-timeout-s']),
      apiRequests: one('api-requests', v['api-requests']),
      apiWindowS: v['api-window-s'] === undefined ? undefined : one('api-window-s', v['api-window-s']),
      rpcCalls: one('rpc-calls', v['rpc-calls']),
      drops: one('drops', v.drops),
      terminals: countOrNone('terminals', v.terminals),
      terminalKeys: one('terminal-keys', v['terminal-keys']),
      jumpMib: countOrNone('jump-mib', v['jump-mib']),
      ingestSteps: v['no-ingest'] ? [] : numbers('ingest-steps', v['ingest-steps']),
      fanouts: v['no-fanouts'] ? [] : fanoutList(v.fanouts),
      ingestWindowS: one('ingest-window-s', v['ingest-window-s']),
      localAddresses: v['local-addresses'] || undefined,
      consoleNodeFlags: v['console-node-flags'].split(/\s+/).filter(Boolean),
      fleetProcesses:
        v['fleet-processes'] === undefined
          ? undefined
          : Math.round(one('fleet-processes', v['fleet-processes'])),
      fleetNice: niceness(v['fleet-nice']),
      profileDir: v.profile,
      heapSnapshotDir: v['heap-snapshot'],
      adminPassword: 'Bench-admin-pass-1',
    },
  };
}
