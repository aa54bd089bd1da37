/**
 * The simulator's configuration backend: the documents live in the engine's memory, so applying is a
 * short pause (a router takes a moment to reload) and a judgement of whether the device still reaches
 * the console (reachability.ts). Local edits are allowed: they stand in for an administrator on the device.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { SectionDocs } from '@edge/protocol';
import type { ApplyEffect, ConfigBackend } from './backend.ts';
import { reachesConsole, type SimulatedUplink } from './reachability.ts';

export class SimulatedConfigBackend implements ConfigBackend {
  readonly allowsLocalEdits = true;

  constructor(
    private readonly uplink: SimulatedUplink,
    private readonly reloadMs = 50,
    readonly factory: Partial<SectionDocs> = {},
    /** Lets the simulated device show what is in force (its ports' types) in what it reports. */
    private readonly onApplied: (docs: SectionDocs) => void = () => undefined,
    /** A reason to refuse every apply with (a test's faulty device), or null. */
    private readonly refusal: () => string | null = () => null,
  ) {}

  async apply(docs: SectionDocs): Promise<ApplyEffect> {
    if (this.reloadMs > 0) await sleep(this.reloadMs);
    const refusal = this.refusal();
    // Thrown before anything changes: the engine keeps the previous documents and reports the failure.
    if (refusal) throw new Error(refusal);
    this.onApplied(docs);
    return { reachable: reachesConsole(docs, this.uplink) };
  }
}
