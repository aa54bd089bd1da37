/**
 * Configuration on the wire (ARCHITECTURE, "Configuration: desired and reported"): the RPCs the console
 * uses to apply, confirm and read a device's sections, and the `config` report a device publishes on
 * every connect and whenever a section changes on its own side (a local edit, a rollback).
 *
 * Versions: the console numbers the desired documents of a section 1, 2, 3 ...; a device keeps the
 * version with the document it applied (0 for the defaults it started with). A local edit keeps the
 * version and changes the hash, so the console can tell "not delivered yet" (the device's version is
 * behind) from "changed on the device" (same version, another hash): it pushes the first and shows the
 * second as drift.
 *
 * Confirm-or-rollback: `config.apply` with `confirmTimeoutMs` makes the device keep its previous document
 * and restore it by itself unless `config.confirm` for that version arrives within the timeout. The
 * device answers the apply only once the change has taken effect, so a confirm can only reach it over
 * the network the change left it with.
 */
import { z } from 'zod';
import { SECTION_KEYS, parseSection, type SectionDoc, type SectionKey } from './networking/sections.ts';
import { stableJson } from './networking/compare.ts';

export const sectionKey = z.enum(SECTION_KEYS);
export const sectionVersion = z.number().int().nonnegative();

/** The longest a device may wait for a confirmation before it rolls back. */
export const MAX_CONFIRM_TIMEOUT_MS = 3_600_000;

/**
 * A 53-bit fingerprint of a text (cyrb53): detects change, nothing more. Cheap enough to take of every
 * report a device sends.
 */
export function textHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A short fingerprint of a section document, the same on both sides (textHash of the key-sorted JSON).
 * It detects change, nothing more: the device is authenticated, so no one forges a collision.
 */
export function sectionHash(doc: unknown): string {
  return textHash(stableJson(doc)).toString(16).padStart(14, '0');
}

/**
 * Checks `doc` against the schema of `section` and hands on the parsed document, so whichever side
 * receives a document can trust it (and gets the schema's defaults filled in).
 */
function withCheckedDoc<T extends { section: SectionKey; doc: unknown }>(
  value: T,
  ctx: z.RefinementCtx,
): Omit<T, 'doc'> & { doc: SectionDoc } {
  const parsed = parseSection(value.section, value.doc);
  if (parsed.success) return { ...value, doc: parsed.data };
  const first = parsed.error.issues[0];
  ctx.addIssue({
    code: 'custom',
    message: first?.message ?? 'Invalid section document.',
    path: ['doc', ...(first?.path ?? [])],
  });
  return z.NEVER;
}

/** A section as a device holds it. */
export const appliedSection = z
  .object({ section: sectionKey, version: sectionVersion, hash: z.string(), doc: z.unknown() })
  .transform(withCheckedDoc);
export type AppliedSection = z.output<typeof appliedSection>;

export const configApplyParams = z
  .object({
    section: sectionKey,
    doc: z.unknown(),
    version: sectionVersion,
    /** Set for a change that may cut the device off: restore the previous document unless confirmed in time. */
    confirmTimeoutMs: z.number().int().min(1000).max(MAX_CONFIRM_TIMEOUT_MS).optional(),
  })
  .transform(withCheckedDoc);

export const configApplyResult = z
  .object({
    section: sectionKey,
    version: sectionVersion,
    hash: z.string(),
    doc: z.unknown(),
    /** The device waits for config.confirm of this version. */
    awaitingConfirm: z.boolean(),
    /** How long it still waits, ms (relative: device clocks cannot be trusted). */
    confirmInMs: z.number().int().nonnegative().optional(),
  })
  .transform(withCheckedDoc);

export const confirmOutcomes = ['confirmed', 'rolledBack', 'unknown'] as const;
export type ConfirmOutcome = (typeof confirmOutcomes)[number];

export const configConfirmParams = z.object({ section: sectionKey, version: sectionVersion });
export const configConfirmResult = z.object({
  section: sectionKey,
  version: sectionVersion,
  /** unknown: the device never applied that version (it may have been replaced by a later one). */
  outcome: z.enum(confirmOutcomes),
});

export const configGetParams = z.object({ sections: z.array(sectionKey).optional() });
export const configGetResult = z.object({ sections: z.array(appliedSection) });

/** Simulator only: change a section "on the device", as a local administrator would (drift). */
export const debugSetLocalParams = z
  .object({ section: sectionKey, doc: z.unknown() })
  .transform(withCheckedDoc);
export const debugSetLocalResult = z.object({
  section: sectionKey,
  version: sectionVersion,
  hash: z.string(),
});

/** What a device says of one section in its `config` report. */
export const sectionStatus = z.object({
  version: sectionVersion,
  hash: z.string(),
  /** The version applied with confirm-or-rollback and not confirmed yet. */
  awaitingConfirm: sectionVersion.optional(),
  /** The last version the device rolled back because no confirmation came; kept until a later apply. */
  rolledBack: sectionVersion.optional(),
});
export type SectionStatus = z.infer<typeof sectionStatus>;

/**
 * Published on `config` (device -> console) on every connect, after the hello, with every section;
 * and whenever a section changes on the device's side, with the documents that changed.
 */
export const configReport = z.object({
  ts: z.number().int().nonnegative(),
  sections: z.partialRecord(sectionKey, sectionStatus),
  docs: z.array(appliedSection).max(SECTION_KEYS.length).default([]),
});
export type ConfigReport = z.output<typeof configReport>;
export type ConfigReportInput = z.input<typeof configReport>;
