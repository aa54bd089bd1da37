/**
 * Policy profiles (SPEC 1, 3): one device section's configuration kept under a name and applied to many
 * devices. A profile's body is the section's own document, checked by the section's own rules; a kind owns
 * the whole section or, for Multiple WAN and WAN binding, the part of it the device's page of that name edits.
 */
import { sectionSchemas, type SectionDocs, type SectionKey } from '../networking/sections.ts';
import { codeOfIssue } from '../validation.ts';
import type { MessageCode } from '../messages.ts';
import { hasPlaceholder } from './variables.ts';

export const policyProfileKinds = [
  'firewall',
  'vlan',
  'dhcp',
  'apn',
  'wifi',
  'multipleWan',
  'wanBinding',
  'blacklist',
] as const;
export type PolicyProfileKind = (typeof policyProfileKinds)[number];

interface KindSpec {
  section: SectionKey;
  /** The keys of the section document the profile sets; null: all of it. */
  owns: readonly string[] | null;
}

export const profileKindSpecs: Record<PolicyProfileKind, KindSpec> = {
  firewall: { section: 'firewall', owns: null },
  vlan: { section: 'vlan', owns: null },
  dhcp: { section: 'dhcp', owns: null },
  apn: { section: 'mobileNetwork', owns: null },
  // Auth Connect's accounts are the console's to set on the device, not a profile's: a rollout keeps them.
  wifi: { section: 'wifi', owns: ['mode', 'channel', 'bandwidth', 'tx_power', 'list', 'authentication'] },
  multipleWan: {
    section: 'multipleWan',
    owns: ['mode', 'primary', 'secondary', 'backup', 'detection', 'loadBalance'],
  },
  wanBinding: { section: 'multipleWan', owns: ['binding', 'maRules'] },
  blacklist: { section: 'clients', owns: null },
};

export const sectionOfKind = (kind: PolicyProfileKind): SectionKey => profileKindSpecs[kind].section;

/** The part of a section document a profile of `kind` sets (the whole document for most kinds). */
export function ownedPart(kind: PolicyProfileKind, doc: unknown): unknown {
  const { owns } = profileKindSpecs[kind];
  if (!owns || !doc || typeof doc !== 'object') return doc;
  const source = doc as Record<string, unknown>;
  return Object.fromEntries(owns.map((key) => [key, source[key]]));
}

/** The device's document with the profile's part put in: what the device is sent. */
export function mergeProfile<K extends SectionKey>(
  kind: PolicyProfileKind,
  current: SectionDocs[K],
  filled: unknown,
): unknown {
  const { owns } = profileKindSpecs[kind];
  if (!owns) return filled;
  return { ...current, ...(ownedPart(kind, filled) as object) };
}

export interface BodyIssue {
  code: MessageCode | undefined;
  message: string;
  path: (string | number)[];
}

const valueAt = (doc: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    doc,
  );

/**
 * Checks a profile body with its section's rules. A text field holding a variable ({{lanIp}}) is judged
 * only once the variable is filled for a device, so its own issue is not counted here.
 */
export function checkProfileBody(
  kind: PolicyProfileKind,
  body: unknown,
): { ok: true; body: unknown } | { ok: false; issue: BodyIssue } {
  const parsed = sectionSchemas[sectionOfKind(kind)].safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues.find((i) => !hasPlaceholder(valueAt(body, i.path)));
  if (!issue) return { ok: true, body };
  return {
    ok: false,
    issue: {
      code: codeOfIssue(issue),
      message: issue.message,
      path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
    },
  };
}
