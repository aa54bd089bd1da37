/**
 * Test support for the device side: the fleet simulator and the real agent run as separate processes
 * through their command lines (the server never imports the agent package), plus a hand-driven MQTT
 * device for checks the agent would never attempt, such as reading another device's topics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import {
  ENROL_PASSWORD,
  ENROL_USERNAME,
  deviceTopic,
  enrolClientId,
  enrolKeyPassword,
  enrolReply,
  enrolTopic,
  fleetSerial,
  type EnrolRequest,
} from '@edge/protocol';
import { deviceClientId } from '@edge/protocol/device-client-id';
import type { Console } from '../app.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/schema.ts';
import { TEST_CLAIM_CODE, TEST_ENROL_SECRET, signIn, startTestConsole, type TestConsole } from './harness.ts';
import type { DeviceChange, ProvisionEntry } from '../devices/types.ts';

const AGENT_BIN = path.resolve(import.meta.dirname, '../../../agent/dev');

/** A serial prefix of its own per test run: runs sharing one external broker never meet. */
export const uniquePrefix = (): string => `T${randomBytes(4).toString('hex').toUpperCase()}`;

/** A throwaway console listening on 127.0.0.1, where devices can reach it. */
export async function startListeningConsole(
  dialect: Dialect,
  overrides: Partial<Config> = {},
): Promise<TestConsole> {
  const edge = await startTestConsole(dialect, overrides);
  await edge.app.listen({ host: '127.0.0.1', port: 0 });
  return edge;
}

export function consoleUrl(edge: Console): string {
  const address = edge.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the console is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** The WebSocket MQTT endpoint of a listening console. */
export const mqttUrl = (edge: Console): string => `${consoleUrl(edge).replace('http:', 'ws:')}/mqtt`;

export interface Child {
  process: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}

/**
 * Runs an agent program: a development launcher's name in dev/, or the path of a built one; inside a
 * network namespace when one is named (`ip netns exec` execs the program: the child is the agent itself).
 */
function run(bin: string, args: string[], stdin: 'ignore' | 'pipe' = 'ignore', namespace?: string): Child {
  const command = [process.execPath, path.resolve(AGENT_BIN, bin), ...args];
  const [file, ...rest] = namespace ? ['ip', 'netns', 'exec', namespace, ...command] : command;
  const child = spawn(file!, rest, { stdio: [stdin, 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    process: child,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export interface FleetArgs {
  console: string;
  count: number;
  prefix: string;
  interval?: number;
  bootMs?: number;
  rebootDelayMs?: number;
  /** e.g. 127.0.0.2-127.0.0.3 */
  localAddresses?: string;
  /** Simulated models given to the devices in turn (agent platform/catalogue.ts); unset: drawn per serial. */
  models?: string[];
  /** Default TEST_ENROL_SECRET; null: none. */
  enrolSecret?: string | null;
  /** Default TEST_CLAIM_CODE (what the harness's provisionSerials lists); null: none. */
  claimCode?: string | null;
  /** Steered on stdin (agent fleet-control.ts): write `drop SERIAL MS` lines to `process.stdin`. */
  control?: boolean;
}

/** The proof options of both command lines. */
const proofArgs = (a: { enrolSecret?: string | null; claimCode?: string | null }): string[] => {
  const secret = a.enrolSecret === undefined ? TEST_ENROL_SECRET : a.enrolSecret;
  const claim = a.claimCode === undefined ? TEST_CLAIM_CODE : a.claimCode;
  return [...(secret ? ['--enrol-secret', secret] : []), ...(claim ? ['--claim-code', claim] : [])];
};

/** `program`: the fleet simulator to run, the development launcher unless a built one is named. */
export const startFleet = (a: FleetArgs, program = 'edge-fleet.mjs'): Child =>
  run(
    program,
    [
      '--console',
      a.console,
      '--count',
      String(a.count),
      '--prefix',
      a.prefix,
      '--interval',
      String(a.interval ?? 1),
      '--boot-ms',
      String(a.bootMs ?? 1000),
      '--reboot-delay-ms',
      String(a.rebootDelayMs ?? 200),
      '--dropouts-per-day',
      '0',
      '--ramp-ms',
      '0',
      '--memory',
      '--log-level',
      'warn',
      ...(a.localAddresses ? ['--local-addresses', a.localAddresses] : []),
      ...(a.models ? ['--models', a.models.join(',')] : []),
      ...proofArgs(a),
      ...(a.control ? ['--control'] : []),
    ],
    a.control ? 'pipe' : 'ignore',
  );

/**
 * A listening console with a provisioned simulated fleet, every device online and reporting (a heartbeat
 * and telemetry in), and the administrator signed in. `entries` names, groups ... the serials.
 */
export async function startConsoleWithFleet(
  dialect: Dialect,
  fleet: Omit<FleetArgs, 'console'> & {
    entries?: (serial: string, index: number) => Omit<ProvisionEntry, 'serial'>;
    /** How long every device has to be online and reporting; default 60 s. */
    readyMs?: number;
    /** The console's own settings the test changes. */
    config?: Partial<Config>;
  },
): Promise<{ edge: TestConsole; session: Awaited<ReturnType<typeof signIn>>; fleet: Child }> {
  const edge = await startListeningConsole(dialect, fleet.config);
  const session = await signIn(edge);
  await edge.enrolment.provision(
    Array.from({ length: fleet.count }, (_, i) => {
      const serial = fleetSerial(fleet.prefix, i + 1);
      return { serial, claimCode: TEST_CLAIM_CODE, ...fleet.entries?.(serial, i) };
    }),
  );
  const child = startFleet({ ...fleet, console: consoleUrl(edge) });
  // Said hello too: tests read the capabilities it brings.
  await waitFor(
    () =>
      edge.devices.list().filter((d) => d.online && d.capabilities.length > 0 && d.heartbeat && d.telemetry)
        .length === fleet.count,
    `${fleet.count} devices reporting`,
    fleet.readyMs ?? 60_000,
  );
  return { edge, session, fleet: child };
}

export const startAgent = (a: {
  console: string;
  serial: string;
  stateDir: string;
  interval?: number;
  /** A network namespace to run in (testing/netns.ts). */
  namespace?: string;
  /** More options (e.g. --docker-socket for a test's own engine). */
  extraArgs?: string[];
  /** A built agent to run (its path) instead of the development launcher. */
  program?: string;
  logLevel?: 'info' | 'warn';
}): Child =>
  run(
    a.program ?? 'edge-agent.mjs',
    [
      ...proofArgs({}),
      '--console',
      a.console,
      '--serial',
      a.serial,
      '--model',
      'Test Linux Box',
      '--state-dir',
      a.stateDir,
      '--interval',
      String(a.interval ?? 1),
      '--reboot-delay-ms',
      '200',
      '--log-level',
      a.logLevel ?? 'warn',
      ...(a.extraArgs ?? []),
    ],
    'ignore',
    a.namespace,
  );

/** The id of the device `serial`, once it is online and has said what it can do (a real agent's hello). */
export const agentOnline = (
  edge: Console,
  serial: string,
  what: string,
  timeoutMs: number,
): Promise<string> =>
  waitFor(
    () => edge.devices.list().find((d) => d.serial === serial && d.online && d.capabilities.length > 0)?.id,
    what,
    timeoutMs,
  );

export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Resolves with the first change matching `match`, noting when it came. */
export function nextChange(
  edge: Console,
  match: (c: DeviceChange) => boolean,
  timeoutMs = 20_000,
): Promise<{ change: DeviceChange; at: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('timed out waiting for a device change'));
    }, timeoutMs);
    const off = edge.devices.onChange((change) => {
      if (!match(change)) return;
      clearTimeout(timer);
      off();
      resolve({ change, at: Date.now() });
    });
  });
}

/** Connects and waits for CONNACK; rejects with the broker's refusal (its `code`). */
export function connect(url: string, options: mqtt.IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      reconnectPeriod: 0,
      connectTimeout: 5000,
      protocolVersion: 4,
      ...options,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
  });
}

/** The enrolment request of a device driven by hand. */
export const handRequest = (
  serial: string,
  key: string,
  proof: Pick<EnrolRequest, 'secret' | 'claim'>,
): EnrolRequest => ({
  serial,
  model: 'Hand Device',
  mac: '02:00:00:00:00:01',
  ip: '127.0.0.1',
  ifaceName: 'eth0',
  firmware: 'test',
  key,
  ...proof,
});

export interface HandDevice {
  serial: string;
  deviceId: string;
  key: string;
}

/**
 * Asks to enrol by hand, speaking the protocol directly; resolves with the first reply of the wanted kind.
 * Presents TEST_ENROL_SECRET and TEST_CLAIM_CODE unless `proof` says otherwise.
 */
export async function enrolByHand(
  url: string,
  serial: string,
  until: 'adopted' | 'pending' | 'refused' = 'adopted',
  key = randomBytes(32).toString('base64url'),
  proof: Pick<EnrolRequest, 'secret' | 'claim'> = { secret: TEST_ENROL_SECRET, claim: TEST_CLAIM_CODE },
): Promise<HandDevice> {
  const client = await connect(url, {
    clientId: enrolClientId(serial),
    username: ENROL_USERNAME,
    password: ENROL_PASSWORD,
  });
  try {
    const replied = new Promise<string>((resolve) => {
      client.on('message', (_topic, payload) => {
        const reply = enrolReply.safeParse(JSON.parse(payload.toString()));
        if (!reply.success || reply.data.status !== until) return;
        resolve(reply.data.status === 'adopted' ? reply.data.deviceId : '');
      });
    });
    await client.subscribeAsync(enrolTopic(serial, 'reply'), { qos: 1 });
    await client.publishAsync(
      enrolTopic(serial, 'request'),
      JSON.stringify(handRequest(serial, key, proof)),
      {
        qos: 1,
      },
    );
    return { serial, deviceId: await replied, key };
  } finally {
    await client.endAsync();
  }
}

export const connectAs = (
  url: string,
  device: HandDevice,
  clientId = deviceClientId(device.deviceId, device.key),
): Promise<MqttClient> =>
  connect(url, {
    clientId,
    username: device.deviceId,
    password: device.key,
    will: {
      topic: deviceTopic(device.deviceId, 'status'),
      payload: Buffer.from('offline'),
      qos: 1,
      retain: true,
    },
  });

/** The QoS the broker granted for one filter, 128 when it refused (mqtt.js reports that as an error). */
export async function grantFor(client: MqttClient, filter: string): Promise<number> {
  try {
    const [grant] = await client.subscribeAsync(filter, { qos: 1 });
    return grant?.qos ?? -1;
  } catch (err) {
    return (err as { packet?: { granted?: number[] } }).packet?.granted?.[0] ?? -1;
  }
}

/** Resolves true when the client's connection closes within `ms`. */
export const closesWithin = (client: MqttClient, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    if (!client.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    client.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/**
 * Tries to take over (or kick) a connected device's session the ways an impostor can (issue 13): its client
 * id with no credentials, a wrong key, the enrolment login (plain and with a made-up key), and another
 * device's valid credentials. Returns, per attempt, the broker's CONNACK refusal code, or 0 when it accepted
 * (that client is closed again at once).
 */
export async function impostorAttempts(
  url: string,
  clientId: string,
  victim: string,
  other: HandDevice,
): Promise<Record<string, number>> {
  const attempts: Record<string, mqtt.IClientOptions> = {
    'no credentials': { clientId },
    'a wrong key': { clientId, username: victim, password: randomBytes(32).toString('base64url') },
    'the enrolment login': { clientId, username: ENROL_USERNAME, password: ENROL_PASSWORD },
    'the enrolment login with a key': {
      clientId,
      username: ENROL_USERNAME,
      password: enrolKeyPassword(randomBytes(32).toString('base64url')),
    },
    "another device's credentials": { clientId, username: other.deviceId, password: other.key },
  };
  const codes: Record<string, number> = {};
  for (const [what, options] of Object.entries(attempts)) {
    try {
      (await connect(url, options)).end(true);
      codes[what] = 0;
    } catch (err) {
      codes[what] = (err as { code?: number }).code ?? -1;
    }
  }
  return codes;
}

/** Counts the device's offline changes from now on (a dropped connection shows as one). */
export function watchDrops(edge: Console, deviceId: string): { drops: () => number; stop: () => void } {
  let drops = 0;
  const stop = edge.devices.onChange((c) => {
    if (c.type === 'offline' && c.deviceId === deviceId) drops++;
  });
  return { drops: () => drops, stop };
}
