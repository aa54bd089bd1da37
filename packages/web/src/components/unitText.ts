/**
 * A number with its unit, kept together as one isolated run of text: in a right-to-left page the bidi
 * algorithm would otherwise reorder "20 MHz" into "MHz 20". First-strong isolates let each run keep the
 * direction of its own first letter (an Arabic unit stays right to left, "MHz" left to right).
 */
import type { TFunction } from 'i18next';

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

export const isolated = (text: string): string => `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;

/** The catalogue entries that put a {{value}} before (or after) a unit. */
export type UnitKey = 'units.MHz' | `inventory.units.${'B' | 'KB' | 'MB' | 'GB' | 'TB'}`;

export const unitText = (t: TFunction, key: UnitKey, value: string | number): string =>
  isolated(t(key, { value }));
