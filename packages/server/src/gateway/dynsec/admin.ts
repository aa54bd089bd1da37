/**
 * The console as admin client of Mosquitto's dynamic-security plugin. Commands go in batches to
 * `$CONTROL/dynamic-security/v1`; the plugin answers each batch in one message on `.../response`, one
 * response per command in order, to the asking client only (so console replicas never see each other's).
 */
import { randomBytes } from 'node:crypto';
import type { Bus } from '../bus.ts';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
const DEFAULT_TIMEOUT_MS = 10_000;

export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}

export interface DynsecResponse {
  command: string;
  /** The plugin's words, e.g. `Client not found`, `Role already exists`. */
  error?: string;
  data?: Record<string, unknown>;
  correlationData?: string;
}

export interface DynsecAdmin {
  /** Runs the commands as one message; one response per command, failed ones included. */
  run(commands: DynsecCommand[], timeoutMs?: number): Promise<DynsecResponse[]>;
  /** Runs one command; throws on its error unless the error is one of `expected`. */
  one(command: DynsecCommand, expected?: string[]): Promise<DynsecResponse>;
}

export async function dynsecAdmin(bus: Bus, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<DynsecAdmin> {
  const waiting = new Map<string, (responses: DynsecResponse[]) => void>();
  const prefix = randomBytes(4).toString('hex');
  let sequence = 0;

  await bus.subscribe(RESPONSE_TOPIC, (_topic, payload) => {
    let responses: DynsecResponse[];
    try {
      responses = (JSON.parse(payload.toString('utf8')) as { responses?: DynsecResponse[] }).responses ?? [];
    } catch {
      return;
    }
    const id = responses[0]?.correlationData;
    const resolve = id === undefined ? undefined : waiting.get(id);
    if (!resolve) return;
    waiting.delete(id!);
    resolve(responses);
  });

  async function run(commands: DynsecCommand[], wait = timeoutMs): Promise<DynsecResponse[]> {
    if (commands.length === 0) return [];
    const id = `${prefix}-${++sequence}`;
    const answered = new Promise<DynsecResponse[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`no answer from the dynamic-security plugin to ${commands[0]!.command}`));
      }, wait);
      waiting.set(id, (responses) => {
        clearTimeout(timer);
        resolve(responses);
      });
    });
    const tagged = commands.map((c) => ({ ...c, correlationData: id }));
    await bus.publish(CONTROL_TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 });
    return answered;
  }

  return {
    run,
    async one(command, expected = []) {
      const [response] = await run([command]);
      if (!response) throw new Error(`no response to dynamic-security command ${command.command}`);
      if (response.error && !expected.includes(response.error))
        throw new Error(`dynamic-security ${command.command} failed: ${response.error}`);
      return response;
    },
  };
}

/** The plugin's error texts the console expects and handles. */
export const DYNSEC_ERRORS = {
  clientExists: 'Client already exists',
  clientNotFound: 'Client not found',
  roleExists: 'Role already exists',
  roleNotFound: 'Role not found',
} as const;
