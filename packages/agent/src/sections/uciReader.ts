/**
 * Reads UCI config text back into sections, so the agent can report what a device really has.
 * Follows libuci's rules: '...' and "..." quote, a backslash outside single quotes escapes the next
 * character, adjacent pieces join into one word, # starts a comment.
 */
import type { UciConfig, UciSection } from './uci.ts';

/** Splits one line into words. */
function words(line: string): string[] {
  const out: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i]!;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i]!;
    } else if (c === '#' && word === null) {
      break;
    } else if (/\s/.test(c)) {
      if (word !== null) out.push(word);
      word = null;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote) throw new Error(`unterminated quote in UCI line: ${line}`);
  if (word !== null) out.push(word);
  return out;
}

/**
 * The sections of one config file. An anonymous section gets the name uci shows for it, `@type[n]`.
 * A repeated `option` replaces the earlier value; `list` values accumulate.
 */
export function parseUci(config: UciConfig, text: string): UciSection[] {
  const sections: UciSection[] = [];
  const seen = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [keyword, key, value, ...rest] = words(line);
    if (!keyword || keyword === 'package') continue;
    if (rest.length > 0) throw new Error(`unexpected words in UCI line: ${line}`);
    if (keyword === 'config') {
      const type = key ?? '';
      const index = seen.get(type) ?? 0;
      seen.set(type, index + 1);
      sections.push({ config, type, name: value ?? `@${type}[${index}]`, options: {} });
      continue;
    }
    const section = sections.at(-1);
    if (!section || key === undefined || value === undefined)
      throw new Error(`UCI line outside a section: ${line}`);
    if (keyword === 'option') section.options[key] = value;
    else if (keyword === 'list') {
      const list = section.options[key];
      section.options[key] = [...(Array.isArray(list) ? list : []), value];
    } else throw new Error(`unknown UCI keyword: ${keyword}`);
  }
  return sections;
}

/** Option helpers for readers: a string option, a boolean (1/0, on/off, true/false, yes/no), a list. */
export const opt = (s: UciSection | undefined, key: string): string | undefined => {
  const v = s?.options[key];
  return typeof v === 'string' ? v : undefined;
};
export const flag = (s: UciSection | undefined, key: string, fallback: boolean): boolean => {
  const v = opt(s, key);
  return v === undefined ? fallback : ['1', 'on', 'true', 'yes', 'enabled'].includes(v);
};
export const list = (s: UciSection | undefined, key: string): string[] => {
  const v = s?.options[key];
  if (Array.isArray(v)) return v.map(String);
  return typeof v === 'string' ? v.split(/\s+/).filter(Boolean) : [];
};
