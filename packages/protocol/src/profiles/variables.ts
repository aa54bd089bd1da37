/**
 * Variables in policy profiles: a text field may hold `{{name}}`, `{{serial}}` or a variable of the
 * profile's value table (one value per device or per device group), so one profile fits a fleet, e.g. a
 * LAN subnet per site. Filled per device before anything is sent; a variable without a value refuses.
 */
import { z } from 'zod';
import type { MessageCode } from '../messages.ts';
import { messages } from '../messages.ts';

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The console fills these from the device itself; a value table cannot set them. */
export const BUILTIN_VARIABLES = ['name', 'serial'] as const;

export const VARIABLE_LIMITS = { name: 32, value: 256, rows: 20_000 } as const;

/** How a variable is written in a profile: `{{name}}`. */
export const placeholderOf = (name: string): string => `{{${name}}}`;

export const hasPlaceholder = (value: unknown): boolean =>
  typeof value === 'string' && new RegExp(PLACEHOLDER.source).test(value);

/** SPEC 5: a name or value must not contain 「：」 or 「=」. */
export function variableNameRule(name: string): MessageCode | null {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || name.length > VARIABLE_LIMITS.name)
    return variableTextRule(name) ?? 'profileVariableName';
  if ((BUILTIN_VARIABLES as readonly string[]).includes(name)) return 'profileVariableReserved';
  return null;
}

export function variableTextRule(value: string): MessageCode | null {
  if (value.includes('：')) return 'profileVariableColon';
  if (value.includes('=')) return 'profileVariableEquals';
  return null;
}

const ruledText = (rule: (v: string) => MessageCode | null, max: number) =>
  z
    .string()
    .max(max)
    .superRefine((value, ctx) => {
      const code = rule(value);
      if (code) ctx.addIssue({ code: 'custom', message: messages[code], params: { code } });
    });

export const variableScopes = ['device', 'group'] as const;
export type VariableScope = (typeof variableScopes)[number];

/** One row of a profile's value table: `name` is `value` on one device, or on every device of one group. */
export const variableValue = z.object({
  scope: z.enum(variableScopes),
  /** The device id, or the group id as text. */
  target: z.string().min(1).max(64),
  name: ruledText(variableNameRule, VARIABLE_LIMITS.name),
  value: ruledText(variableTextRule, VARIABLE_LIMITS.value),
});
export type VariableValue = z.infer<typeof variableValue>;

/** What the console knows of a device when it fills a profile for it. */
export interface VariableDevice {
  id: string;
  name: string;
  serial: string;
  groupId: number | null;
}

/** The value of each variable for one device: its own row, else its group's, else the built-ins. */
export function valuesFor(device: VariableDevice, table: readonly VariableValue[]): Map<string, string> {
  const values = new Map<string, string>();
  const group = device.groupId === null ? null : String(device.groupId);
  for (const row of table) if (row.scope === 'group' && row.target === group) values.set(row.name, row.value);
  for (const row of table)
    if (row.scope === 'device' && row.target === device.id) values.set(row.name, row.value);
  values.set('name', device.name);
  values.set('serial', device.serial);
  return values;
}

/** Every variable a body uses, sorted. */
export function variablesIn(body: unknown): string[] {
  const found = new Set<string>();
  walkStrings(body, (text) => {
    for (const match of text.matchAll(PLACEHOLDER)) found.add(match[1]!);
    return text;
  });
  return [...found].sort();
}

/** The body with every variable replaced by its value; `missing` lists those without one (sorted). */
export function fillVariables(
  body: unknown,
  values: ReadonlyMap<string, string>,
): { doc: unknown; missing: string[] } {
  const missing = new Set<string>();
  const doc = walkStrings(body, (text) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values.get(name);
      if (value === undefined) missing.add(name);
      return value ?? whole;
    }),
  );
  return { doc, missing: [...missing].sort() };
}

function walkStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((v) => walkStrings(v, change));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walkStrings(v, change)]));
  return value;
}
