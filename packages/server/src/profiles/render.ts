/**
 * A profile made concrete for one device: variables filled from the device and the value table, the
 * profile's part put into the device's current document, the whole checked by the section's rules. A
 * refusal says why the device cannot be sent it, before anything is sent.
 */
import {
  codeOfIssue,
  fillVariables,
  mergeProfile,
  messages,
  ownedPart,
  parseSection,
  sectionOfKind,
  valuesFor,
  type DriftEntry,
  type MessageCode,
  type PolicyProfileKind,
  type SectionDoc,
  type VariableDevice,
  type VariableValue,
} from '@edge/protocol';
import { drift } from '../deviceConfig/drift.ts';

export interface Renderable {
  kind: PolicyProfileKind;
  body: unknown;
  values: VariableValue[];
}

export interface Refusal {
  code: MessageCode;
  message: string;
  detail: string;
}

export type Rendered = { ok: true; doc: SectionDoc } | { ok: false; refusal: Refusal };

export function renderFor(profile: Renderable, device: VariableDevice, current: SectionDoc): Rendered {
  const filled = fillVariables(profile.body, valuesFor(device, profile.values));
  if (filled.missing.length) {
    const code = 'profileVariableMissing';
    return { ok: false, refusal: { code, message: messages[code], detail: filled.missing.join(', ') } };
  }
  const merged = mergeProfile(profile.kind, current, filled.doc);
  const parsed = parseSection(sectionOfKind(profile.kind), merged);
  if (parsed.success) return { ok: true, doc: parsed.data };
  const issue = parsed.error.issues[0];
  const code = (issue && codeOfIssue(issue)) || 'profileDeviceInvalid';
  return {
    ok: false,
    refusal: { code, message: messages[code], detail: (issue?.path ?? []).map(String).join('.') },
  };
}

/** Where the device's document would change: the profile's part against what the device has now. */
export const changesFor = (kind: PolicyProfileKind, next: SectionDoc, current: SectionDoc): DriftEntry[] =>
  drift(ownedPart(kind, next), ownedPart(kind, current));
