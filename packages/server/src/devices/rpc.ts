/**
 * Calls into devices: publish `{id, method, params, deadlineMs}` on rpc/req, settle the promise when the
 * device answers on rpc/res with the same id. Fails fast when the device is offline (or goes offline while
 * the call waits), and when the deadline passes.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  DEFAULT_RPC_DEADLINE_MS,
  deviceRpcMessages,
  deviceTopic,
  rpcMethods,
  rpcResponse,
  type RpcErrorCode,
  type RpcMethod,
  type RpcParams,
  type RpcRequest,
  type RpcResult,
} from '@edge/protocol';
import type { Bus, BusLog } from '../gateway/index.ts';
import type { DeviceRegistry } from './registry.ts';

export type RpcFailure =
  'unknownDevice' | 'deviceOffline' | 'deviceTimeout' | 'badParams' | 'remote' | 'badResult' | 'stopped';

const STATUS: Record<RpcFailure, number> = {
  unknownDevice: 404,
  deviceOffline: 409,
  deviceTimeout: 504,
  badParams: 400,
  remote: 502,
  badResult: 502,
  stopped: 503,
};

/** Why a call failed; `statusCode` is what an HTTP route should answer, `message` what the user reads. */
export class DeviceRpcError extends Error {
  readonly statusCode: number;
  constructor(
    readonly reason: RpcFailure,
    message: string,
    /** The device's own error code when reason is 'remote'. */
    readonly remoteCode?: RpcErrorCode,
  ) {
    super(message);
    this.name = 'DeviceRpcError';
    this.statusCode = STATUS[reason];
  }
}

export interface CallOptions {
  /** Budget of the whole call, ms; the device is told it too and gives up when it passes. */
  deadlineMs?: number;
  /** Progress of long jobs, 0-100, with the device's note. */
  onProgress?: (progress: number, note?: string) => void;
}

interface Pending {
  deviceId: string;
  method: RpcMethod;
  resolve(result: unknown): void;
  reject(err: DeviceRpcError): void;
  onProgress?: CallOptions['onProgress'];
  timer: NodeJS.Timeout;
}

export function rpcService(deps: { bus: Bus; registry: DeviceRegistry; log: BusLog }) {
  // Ids unique across console replicas that share a broker (each replica sees every rpc/res).
  const prefix = randomBytes(4).toString('hex');
  let sequence = 0;
  const pending = new Map<string, Pending>();

  function settle(id: string): Pending | undefined {
    const call = pending.get(id);
    if (!call) return undefined;
    pending.delete(id);
    clearTimeout(call.timer);
    return call;
  }

  return {
    call<M extends RpcMethod>(
      deviceId: string,
      method: M,
      params: RpcParams<M>,
      options: CallOptions = {},
    ): Promise<RpcResult<M>> {
      const device = deps.registry.live(deviceId);
      if (!device)
        return Promise.reject(new DeviceRpcError('unknownDevice', deviceRpcMessages.unknownDevice));
      if (!device.online)
        return Promise.reject(new DeviceRpcError('deviceOffline', deviceRpcMessages.deviceOffline));
      const paramsSchema: z.ZodType = rpcMethods[method].params;
      const checked = paramsSchema.safeParse(params);
      if (!checked.success)
        return Promise.reject(
          new DeviceRpcError('badParams', checked.error.issues[0]?.message ?? 'Invalid request.'),
        );

      const deadlineMs = options.deadlineMs ?? DEFAULT_RPC_DEADLINE_MS;
      const id = `${prefix}-${(++sequence).toString(36)}`;
      const request: RpcRequest = { id, method, params: checked.data, deadlineMs };
      return new Promise<RpcResult<M>>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (settle(id)) reject(new DeviceRpcError('deviceTimeout', deviceRpcMessages.deviceTimeout));
        }, deadlineMs);
        pending.set(id, {
          deviceId,
          method,
          resolve: resolve as (r: unknown) => void,
          reject,
          onProgress: options.onProgress,
          timer,
        });
        deps.bus
          .publish(deviceTopic(deviceId, 'rpc/req'), JSON.stringify(request), { qos: 1 })
          .catch((err: unknown) => {
            if (settle(id))
              reject(
                new DeviceRpcError('deviceOffline', `${deviceRpcMessages.deviceOffline} (${String(err)})`),
              );
          });
      });
    },

    /** An rpc/res message of a device. Answers to calls of another replica, or of another device, are ignored. */
    handleResponse(deviceId: string, payload: unknown): void {
      const parsed = rpcResponse.safeParse(payload);
      if (!parsed.success) return;
      const message = parsed.data;
      const call = pending.get(message.id);
      if (!call || call.deviceId !== deviceId) return;
      if ('progress' in message) {
        try {
          call.onProgress?.(message.progress, message.note);
        } catch (err) {
          deps.log.error({ err }, 'RPC progress listener failed');
        }
        return;
      }
      settle(message.id);
      if ('error' in message) {
        call.reject(new DeviceRpcError('remote', message.error.message, message.error.code));
        return;
      }
      const resultSchema: z.ZodType = rpcMethods[call.method].result;
      const result = resultSchema.safeParse(message.result);
      if (result.success) call.resolve(result.data);
      else
        call.reject(
          new DeviceRpcError('badResult', `The device answered ${call.method} with an unexpected result.`),
        );
    },

    /** The device went offline or was removed: whatever waits on it fails now rather than at its deadline. */
    failDevice(deviceId: string): void {
      for (const [id, call] of pending) {
        if (call.deviceId !== deviceId) continue;
        settle(id);
        call.reject(new DeviceRpcError('deviceOffline', deviceRpcMessages.deviceOffline));
      }
    },

    stop(): void {
      for (const id of [...pending.keys()])
        settle(id)?.reject(new DeviceRpcError('stopped', 'The console is shutting down.'));
    },
  };
}

export type RpcService = Omit<ReturnType<typeof rpcService>, 'handleResponse' | 'failDevice' | 'stop'>;
export type RpcEngine = ReturnType<typeof rpcService>;
