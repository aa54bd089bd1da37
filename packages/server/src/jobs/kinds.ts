/**
 * Job kinds: how one step runs on one device and what counts as success. Later modules (diagnose,
 * backups, upgrades, rollouts) register a kind and get fan-out, waves, leases and progress for free.
 */
import type { z } from 'zod';
import type { RoutePermission, RpcMethod, RpcParams, RpcResult } from '@edge/protocol';
import type { CallOptions } from '../devices/rpc.ts';

export interface StepContext<P> {
  /** The job the step belongs to (a rollout records it with what it gave the device). */
  jobId: number;
  deviceId: string;
  params: P;
  /** 1 on the first run, 2 on the first re-run ... */
  attempt: number;
  /**
   * The RPC service's call, with the device's progress messages wired to the step's progress; the kind's
   * own `onProgress` sees them too (to keep every output line, where the step keeps only the last).
   */
  call<M extends RpcMethod>(
    method: M,
    params: RpcParams<M>,
    options?: Pick<CallOptions, 'deadlineMs' | 'onProgress'>,
  ): Promise<RpcResult<M>>;
  /** Sets the step's progress (0-100) and note for work of the console's own between device calls. */
  progress(percent: number, note?: string): void;
}

/** A step's outcome as the kind judges it; a thrown error fails the step with its message. */
export type StepOutcome = { ok: true; result?: unknown } | { ok: false; reason: string; result?: unknown };

export interface JobKind<P = unknown> {
  name: string;
  /** Validates a job's parameters when it is created. */
  params: z.ZodType<P>;
  /**
   * Safe to run again on a device where it may already have run: a step whose console died mid-run is
   * queued again instead of being marked interrupted.
   */
  idempotent: boolean;
  /** Who may read a job of this kind and watch it live; Inventory view when not given. */
  view?: RoutePermission;
  run(step: StepContext<P>): Promise<StepOutcome>;
}

export interface JobKinds {
  register<P>(kind: JobKind<P>): void;
  get(name: string): JobKind | undefined;
  names(): string[];
  idempotentNames(): string[];
}

export function jobKinds(): JobKinds {
  const kinds = new Map<string, JobKind>();
  return {
    register(kind) {
      if (kinds.has(kind.name)) throw new Error(`job kind ${kind.name} is registered twice`);
      kinds.set(kind.name, kind as JobKind);
    },
    get: (name) => kinds.get(name),
    names: () => [...kinds.keys()],
    idempotentNames: () => [...kinds.values()].filter((k) => k.idempotent).map((k) => k.name),
  };
}
