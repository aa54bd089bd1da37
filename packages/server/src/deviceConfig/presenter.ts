/** Turns a device_sections row into what the API shows of a section (SectionStateView). */
import {
  hidingAccountPasswords,
  mayCutOff,
  parseSection,
  type ApplyOutcome,
  type SectionDoc,
  type SectionKey,
  type SectionState,
  type SectionStateView,
} from '@edge/protocol';
import { drift } from './drift.ts';
import type { SectionRow } from './store.ts';

/** A stored document, parsed again: one written by an older console that today's schema refuses reads as none. */
export function storedDoc<K extends SectionKey>(section: K, json: string | null): SectionDoc<K> | null {
  if (json === null) return null;
  const parsed = parseSection(section, JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/** A document as views show it: Auth Connect's passwords hidden (auth-connect.ts). */
function shown<K extends SectionKey>(section: K, doc: SectionDoc<K> | null): SectionDoc<K> | null {
  if (doc === null || section !== 'wifi') return doc;
  return hidingAccountPasswords(doc as SectionDoc<'wifi'>) as SectionDoc<K>;
}

/**
 * `known.reported`: the row's reported document as the caller holds it, already checked against the section's
 * schema (a report just written), so it is not parsed again from the row's text.
 */
export function presentSection(
  section: SectionKey,
  row: SectionRow | undefined,
  known?: { reported: SectionDoc },
): SectionStateView {
  const desired = row ? shown(section, storedDoc(section, row.desired)) : null;
  const reported = row ? shown(section, known ? known.reported : storedDoc(section, row.reported)) : null;
  return {
    section,
    state: (row?.state ?? 'in_sync') as SectionState,
    outcome: (row?.outcome ?? null) as ApplyOutcome | null,
    desired,
    desiredVersion: row?.desired_version ?? 0,
    reported,
    reportedVersion: row?.reported_version ?? null,
    reportedAt: row?.reported_at ?? null,
    drift: desired !== null && reported !== null ? drift(desired, reported) : [],
    lastError: row?.last_error ?? null,
    lastErrorCode: row?.last_error_code ?? null,
    confirmBy: row?.confirm_by ?? null,
    mayCutOff: mayCutOff[section],
    updatedBy: row?.updated_by ?? null,
    updatedAt: row?.updated_by ? row.updated_at : null,
  };
}
