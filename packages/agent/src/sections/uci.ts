/**
 * OpenWrt UCI config files: the model the section renderers produce, and the text `uci` itself reads
 * and writes (`config <type> '<name>'`, then `\toption <key> '<value>'` and `\tlist <key> '<value>'`).
 */
import { CONTROL_CHARS, spaceControlChars } from './controlChars.ts';

/** The config files the agent owns outright: it writes them whole, so nothing else is kept in them. */
export const UCI_CONFIGS = ['network', 'wireless', 'dhcp', 'firewall', 'mwan3', 'edge'] as const;
export type UciConfig = (typeof UCI_CONFIGS)[number];

export const uciPath = (config: UciConfig): string => `/etc/config/${config}`;

/** undefined and null leave the option out; booleans are written 1 / 0; arrays become `list` lines. */
export type UciValue = string | number | boolean | readonly (string | number)[] | undefined | null;

export interface UciSection {
  config: UciConfig;
  type: string;
  name: string;
  options: Record<string, UciValue>;
}

/** A value that cannot be written safely (a newline would end the line and start a new statement). */
export class UnsafeValueError extends Error {}

const IDENTIFIER = /^[A-Za-z0-9_]+$/;
/** Section types may also hold dashes (wifi-device, bridge-vlan). */
const TYPE = /^[A-Za-z0-9_-]+$/;

/**
 * Single-quotes a value the way `uci export` does: inside single quotes nothing is special, and a
 * single quote itself is written as '\'' (close, escaped quote, reopen).
 */
export function uciQuote(value: string): string {
  if (CONTROL_CHARS.test(value))
    throw new UnsafeValueError(`UCI value contains a control character: ${JSON.stringify(value)}`);
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Free text (a description) is kept, minus the control characters uciQuote would refuse. */
export const uciText = spaceControlChars;

function identifier(kind: string, value: string, pattern = IDENTIFIER): string {
  if (!pattern.test(value)) throw new UnsafeValueError(`UCI ${kind} may not be ${JSON.stringify(value)}`);
  return value;
}

const scalar = (value: string | number | boolean): string =>
  typeof value === 'boolean' ? (value ? '1' : '0') : String(value);

function optionLines(key: string, value: UciValue): string[] {
  if (value === undefined || value === null) return [];
  identifier('option name', key);
  if (Array.isArray(value)) return value.map((item) => `\tlist ${key} ${uciQuote(scalar(item))}`);
  return [`\toption ${key} ${uciQuote(scalar(value as string | number | boolean))}`];
}

/** One config file from its sections, in order; sections are separated by a blank line. */
export function renderUci(sections: readonly UciSection[]): string {
  const header = '# Written by the Edge Console agent: changes made here are replaced on the next apply.\n';
  const blocks = sections.map((s) =>
    [`config ${identifier('section type', s.type, TYPE)} ${uciQuote(identifier('section name', s.name))}`]
      .concat(Object.entries(s.options).flatMap(([key, value]) => optionLines(key, value)))
      .join('\n'),
  );
  return `${header}\n${blocks.map((b) => `${b}\n`).join('\n')}`;
}
