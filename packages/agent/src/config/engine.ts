/**
 * The device's side of "desired and reported" (ARCHITECTURE): applies the sections the console sends,
 * keeps them with their versions, runs confirm-or-rollback, and says what it holds (device-config.ts).
 *
 * Confirm-or-rollback: an apply with a confirm timeout keeps the last confirmed document and arms a
 * timer; unless config.confirm of that version comes first, the timer restores the document and notes
 * the rollback, which the device reports when it next talks to the console. The pending confirmation is
 * stored, so a device that restarts meanwhile still rolls back on time.
 *
 * Changes run one at a time: every apply rewrites the whole configuration, and two interleaved ones
 * would each write a mix.
 */
import {
  SECTION_KEYS,
  sectionDefaults,
  sectionHash,
  type ConfigReportInput,
  type RpcArgs,
  type RpcResult,
  type SectionDoc,
  type SectionDocs,
  type SectionKey,
  type SectionStatus,
  type EventLevel,
} from '@edge/protocol';
import type { AgentLog } from '../log.ts';
import type { Cancel, Scheduler } from '../client/scheduler.ts';
import { PlatformRefusal } from '../platform/platform.ts';
import type { AppliedState, AppliedStore, VersionedDoc } from './applied-store.ts';
import type { ConfigBackend } from './backend.ts';

/** How the engine reaches the protocol client. */
export interface ConfigHost {
  /** Publishes a `config` report (dropped while offline: the next connect reports everything). */
  report(report: ConfigReportInput): void;
  /** The configuration now in force cannot reach the console: drop the connection and stay away. */
  linkLost(): void;
  /** The configuration now in force reaches the console again: connect. */
  linkRestored(): void;
}

export interface ConfigEngineOptions {
  backend: ConfigBackend;
  store: AppliedStore;
  scheduler: Scheduler;
  log: AgentLog;
  /** A line for the device's log (issue 17): configuration applied, failed, rolled back. */
  note?: (level: EventLevel, message: string) => void;
}

const DEFAULT_VERSION = 0;

export class ConfigEngine {
  private state: AppliedState;
  private readonly timers = new Map<SectionKey, Cancel>();
  private host: ConfigHost | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private linkDown = false;

  constructor(private readonly options: ConfigEngineOptions) {
    this.state = options.store.load();
  }

  /** Connects the engine to its client and resumes the confirmations a restart interrupted. */
  attach(host: ConfigHost): void {
    this.host = host;
    for (const section of SECTION_KEYS) if (this.state.pending[section]) this.arm(section);
  }

  /** Cancels the rollback timers (the client stops; a stored pending confirmation resumes next start). */
  detach(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
    this.host = null;
  }

  /** Every section's document in force (the defaults where nothing was applied). */
  docs(): SectionDocs {
    const docs = {} as Record<SectionKey, SectionDoc>;
    for (const section of SECTION_KEYS) docs[section] = structuredClone(this.applied(section).doc);
    return docs as SectionDocs;
  }

  private applied(section: SectionKey): VersionedDoc {
    const factory = this.options.backend.factory?.[section] ?? sectionDefaults[section];
    return this.state.sections[section] ?? { version: DEFAULT_VERSION, doc: factory };
  }

  status(section: SectionKey): SectionStatus {
    const { version, doc } = this.applied(section);
    const pending = this.state.pending[section];
    const rolledBack = this.state.rolledBack[section];
    return {
      version,
      hash: sectionHash(doc),
      ...(pending && { awaitingConfirm: pending.version }),
      ...(rolledBack !== undefined && { rolledBack }),
    };
  }

  private statuses(): ConfigReportInput['sections'] {
    return Object.fromEntries(SECTION_KEYS.map((section) => [section, this.status(section)]));
  }

  private describe(section: SectionKey) {
    const { version, doc } = this.applied(section);
    return { section, version, hash: sectionHash(doc), doc };
  }

  /** What the device says on every connect: every section, plus the documents edited on the device. */
  connectReport(): Promise<ConfigReportInput> {
    return this.serially(async () => {
      const edited = await this.adoptLocalChanges();
      return {
        ts: this.options.scheduler.now(),
        sections: this.statuses(),
        docs: edited.map((s) => this.describe(s)),
      };
    });
  }

  apply(args: RpcArgs<'config.apply'>): Promise<RpcResult<'config.apply'>> {
    return this.serially(async () => {
      const { section, doc, version, confirmTimeoutMs } = args;
      const before = structuredClone(this.state);
      // A change made over an unconfirmed one must still roll back to the last confirmed document.
      const previous = this.state.pending[section]?.previous ?? this.applied(section);
      this.cancel(section);
      this.state.sections[section] = { version, doc };
      delete this.state.pending[section];
      delete this.state.rolledBack[section];
      let reachable: boolean;
      try {
        ({ reachable } = await this.options.backend.apply(this.docs(), section));
      } catch (err) {
        await this.restore(before, section);
        this.options.note?.('error', `configuration of ${section} (version ${version}) failed to apply`);
        throw new PlatformRefusal('failed', err instanceof Error ? err.message : String(err));
      }
      const now = this.options.scheduler.now();
      if (confirmTimeoutMs !== undefined) {
        this.state.pending[section] = { version, confirmBy: now + confirmTimeoutMs, previous };
        this.arm(section);
      }
      this.save();
      this.followLink(reachable, confirmTimeoutMs !== undefined);
      this.options.note?.(
        'info',
        `configuration of ${section} applied (version ${version})${confirmTimeoutMs !== undefined ? ', awaiting confirmation' : ''}`,
      );
      return {
        ...this.describe(section),
        awaitingConfirm: confirmTimeoutMs !== undefined,
        ...(confirmTimeoutMs !== undefined && { confirmInMs: confirmTimeoutMs }),
      };
    });
  }

  confirm(args: RpcArgs<'config.confirm'>): Promise<RpcResult<'config.confirm'>> {
    return this.serially(async () => {
      const { section, version } = args;
      const answer = (outcome: RpcResult<'config.confirm'>['outcome']) => ({ section, version, outcome });
      if (this.state.pending[section]?.version === version) {
        this.cancel(section);
        delete this.state.pending[section];
        this.save();
        return answer('confirmed');
      }
      if (this.state.rolledBack[section] === version) return answer('rolledBack');
      // Confirmed before: a repeated confirm (the first answer was lost) gets the same answer.
      if (!this.state.pending[section] && this.applied(section).version === version)
        return answer('confirmed');
      return answer('unknown');
    });
  }

  async get(args: RpcArgs<'config.get'>): Promise<RpcResult<'config.get'>> {
    return { sections: (args.sections ?? SECTION_KEYS).map((s) => this.describe(s)) };
  }

  /** A change made on the device itself: same version, new document, reported as it happens. */
  setLocal(args: RpcArgs<'debug.setLocal'>): Promise<RpcResult<'debug.setLocal'>> {
    if (!this.options.backend.allowsLocalEdits)
      return Promise.reject(new PlatformRefusal('unsupported', 'Only simulated devices take local edits.'));
    return this.serially(async () => {
      const { section, doc } = args;
      const { version } = this.applied(section);
      this.state.sections[section] = { version, doc };
      await this.options.backend.apply(this.docs(), section);
      this.save();
      this.reportChanged([section]);
      return { section, version, hash: sectionHash(doc) };
    });
  }

  // ---- internals ---------------------------------------------------------------------------------

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.catch(() => undefined).then(task);
    this.tail = run;
    return run;
  }

  private save(): void {
    this.options.store.save(this.state);
  }

  private cancel(section: SectionKey): void {
    this.timers.get(section)?.();
    this.timers.delete(section);
  }

  /** Arms the rollback of the section's pending change for whatever time it has left. */
  private arm(section: SectionKey): void {
    const pending = this.state.pending[section];
    if (!pending) return;
    this.cancel(section);
    const wait = Math.max(0, pending.confirmBy - this.options.scheduler.now());
    const cancel = this.options.scheduler.after(wait, () => {
      this.timers.delete(section);
      this.serially(() => this.rollback(section, pending.version)).catch((err: unknown) =>
        this.options.log.error('rollback failed', { section, error: String(err) }),
      );
    });
    this.timers.set(section, cancel);
  }

  private async rollback(section: SectionKey, version: number): Promise<void> {
    const pending = this.state.pending[section];
    if (pending?.version !== version) return;
    this.options.log.warn('no confirmation came; restoring the previous configuration', { section, version });
    this.state.sections[section] = pending.previous;
    delete this.state.pending[section];
    this.state.rolledBack[section] = version;
    this.save();
    this.options.note?.(
      'warning',
      `configuration of ${section} (version ${version}) rolled back: not confirmed in time`,
    );
    const { reachable } = await this.options.backend.apply(this.docs(), section);
    this.followLink(reachable, Object.keys(this.state.pending).length > 0);
    this.reportChanged([section]);
  }

  /** Puts back the state from before a failed apply and re-applies it (best effort: it ran before). */
  private async restore(before: AppliedState, section: SectionKey): Promise<void> {
    this.state = before;
    this.arm(section);
    await this.options.backend
      .apply(this.docs(), section)
      .catch((err: unknown) =>
        this.options.log.error('restoring the configuration failed', { error: String(err) }),
      );
  }

  /**
   * Tells the client to drop or restore its connection. A cut-off is simulated only while a rollback
   * can end it: without one, a real device would be lost until someone visits it, which a simulation
   * has no use for.
   */
  private followLink(reachable: boolean, rollbackArmed: boolean): void {
    if (!reachable && rollbackArmed && !this.linkDown) {
      this.linkDown = true;
      this.host?.linkLost();
    } else if (reachable && this.linkDown) {
      this.linkDown = false;
      this.host?.linkRestored();
    }
  }

  private reportChanged(sections: SectionKey[]): void {
    this.host?.report({
      ts: this.options.scheduler.now(),
      sections: this.statuses(),
      docs: sections.map((s) => this.describe(s)),
    });
  }

  /** Adopts sections edited in the device's own files (same version, their document). */
  private async adoptLocalChanges(): Promise<SectionKey[]> {
    const changes = (await this.options.backend.localChanges?.(this.docs())) ?? {};
    const edited = SECTION_KEYS.filter((s) => changes[s] !== undefined);
    for (const section of edited)
      this.state.sections[section] = { version: this.applied(section).version, doc: changes[section]! };
    if (edited.length > 0) this.save();
    return edited;
  }
}
