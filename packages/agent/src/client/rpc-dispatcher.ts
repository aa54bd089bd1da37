/**
 * Answers the console's calls: checks the request and its parameters against the protocol, runs the
 * handler under the call's deadline, relays progress, and answers exactly once per id.
 */
import type { z } from 'zod';
import {
  rpcMethods,
  rpcRequest,
  type RpcArgs,
  type RpcErrorCode,
  type RpcMethod,
  type RpcResponse,
  type RpcResult,
} from '@edge/protocol';
import { PlatformRefusal, type Progress } from '../platform/platform.ts';

export type RpcHandler<M extends RpcMethod> = (
  args: RpcArgs<M>,
  progress: Progress,
  signal: AbortSignal,
) => Promise<RpcResult<M>>;
export type RpcHandlers = { [M in RpcMethod]: RpcHandler<M> };

/** Beyond this many calls at once the device answers `busy`: a router has little CPU to spare. */
const MAX_CONCURRENT = 4;
/** Ids answered lately: a QoS 1 redelivery of a request must not run it twice. */
const REMEMBERED_IDS = 64;

const isMethod = (m: string): m is RpcMethod => Object.prototype.hasOwnProperty.call(rpcMethods, m);

export class RpcDispatcher {
  private running = new Set<string>();
  private answered: string[] = [];

  constructor(
    private readonly handlers: RpcHandlers,
    private readonly respond: (response: RpcResponse) => void,
  ) {}

  handle(payload: Buffer): void {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const parsed = rpcRequest.safeParse(raw);
    if (!parsed.success) return;
    const { id, method, params, deadlineMs } = parsed.data;
    if (this.running.has(id) || this.answered.includes(id)) return;
    if (!isMethod(method)) return this.fail(id, 'unknownMethod', `Unknown method ${method}.`);
    if (this.running.size >= MAX_CONCURRENT) return this.fail(id, 'busy', 'The device is busy; try again.');
    const schema: z.ZodType = rpcMethods[method].params;
    const args = schema.safeParse(params ?? {});
    if (!args.success)
      return this.fail(id, 'badParams', args.error.issues[0]?.message ?? 'Invalid parameters.');

    this.running.add(id);
    const signal = AbortSignal.timeout(deadlineMs);
    const progress: Progress = (percent, note) => {
      if (!signal.aborted)
        this.respond({
          id,
          progress: Math.max(0, Math.min(100, Math.round(percent))),
          ...(note !== undefined && { note }),
        });
    };
    const handler = this.handlers[method] as RpcHandler<RpcMethod>;
    handler(args.data as RpcArgs<RpcMethod>, progress, signal).then(
      (result) => this.finish(id, { id, result }),
      (err: unknown) => {
        if (err instanceof PlatformRefusal)
          this.finish(id, { id, error: { code: err.code, message: err.message } });
        else if (signal.aborted)
          this.finish(id, { id, error: { code: 'timeout', message: 'Deadline passed.' } });
        else
          this.finish(id, {
            id,
            error: { code: 'failed', message: err instanceof Error ? err.message : String(err) },
          });
      },
    );
  }

  private fail(id: string, code: RpcErrorCode, message: string): void {
    this.finish(id, { id, error: { code, message } });
  }

  private finish(id: string, response: RpcResponse): void {
    this.running.delete(id);
    this.answered.push(id);
    if (this.answered.length > REMEMBERED_IDS) this.answered.shift();
    this.respond(response);
  }
}
