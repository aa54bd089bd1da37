/**
 * What the agent remembers of its configuration across restarts: the applied document of each section
 * with its version, the changes still waiting for a confirmation (with the document to restore), and
 * the last rolled back version of each section. A real agent keeps it in its state directory, so a
 * rollback still happens when the change made the device restart; the simulator keeps it in memory.
 */
import path from 'node:path';
import { SECTION_KEYS, parseSection, type SectionDoc, type SectionKey } from '@edge/protocol';
import { readJson, writePrivate } from '../client/identity.ts';

export interface VersionedDoc {
  version: number;
  doc: SectionDoc;
}

export interface PendingConfirm {
  version: number;
  /** Epoch ms at which the device restores `previous`. */
  confirmBy: number;
  /** The last confirmed document: what a rollback restores. */
  previous: VersionedDoc;
}

export interface AppliedState {
  sections: Partial<Record<SectionKey, VersionedDoc>>;
  pending: Partial<Record<SectionKey, PendingConfirm>>;
  rolledBack: Partial<Record<SectionKey, number>>;
}

export interface AppliedStore {
  load(): AppliedState;
  save(state: AppliedState): void;
}

export const emptyAppliedState = (): AppliedState => ({ sections: {}, pending: {}, rolledBack: {} });

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

function versionedDoc(section: SectionKey, raw: unknown): VersionedDoc | undefined {
  const entry = raw as Partial<VersionedDoc> | undefined;
  if (!entry || !isCount(entry.version)) return undefined;
  const parsed = parseSection(section, entry.doc);
  return parsed.success ? { version: entry.version, doc: parsed.data } : undefined;
}

/**
 * Reads a stored state back, keeping only what still parses: a document from an older agent that the
 * current schemas refuse falls back to the defaults rather than stopping the agent.
 */
export function parseAppliedState(raw: unknown): AppliedState {
  const state = emptyAppliedState();
  const stored = (raw ?? {}) as Partial<Record<keyof AppliedState, Record<string, unknown>>>;
  for (const section of SECTION_KEYS) {
    const applied = versionedDoc(section, stored.sections?.[section]);
    if (applied) state.sections[section] = applied;
    const pending = stored.pending?.[section] as Partial<PendingConfirm> | undefined;
    const previous = versionedDoc(section, pending?.previous);
    if (pending && isCount(pending.version) && isCount(pending.confirmBy) && previous)
      state.pending[section] = { version: pending.version, confirmBy: pending.confirmBy, previous };
    const rolledBack = stored.rolledBack?.[section];
    if (isCount(rolledBack)) state.rolledBack[section] = rolledBack;
  }
  return state;
}

/** `{stateDir}/config.json`, mode 0600 (it holds Wi-Fi and PPPoE passwords). */
export function fileAppliedStore(stateDir: string): AppliedStore {
  const file = path.join(stateDir, 'config.json');
  return {
    load: () => parseAppliedState(readJson(file)),
    save: (state) => writePrivate(file, JSON.stringify(state)),
  };
}

export function memoryAppliedStore(): AppliedStore {
  let kept = emptyAppliedState();
  return {
    load: () => structuredClone(kept),
    save: (state) => {
      kept = structuredClone(state);
    },
  };
}
