import { describe, expect, it } from 'vitest';
import { ALERT_CODES, LANGUAGE_CODES, PERMISSION_TREE, alertMessages, messages } from '@edge/protocol';
import type { Catalogue } from './catalogues.ts';
import { mergeCatalogueParts } from './merge.ts';
import { localeSettings } from './locales.ts';

const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});
const codes = [...new Set(Object.keys(files).map((path) => path.split('/')[2]!))];
const catalogues = Object.fromEntries(
  codes.map((code) => [
    code,
    mergeCatalogueParts<Catalogue>(
      Object.entries(files)
        .filter(([p]) => p.startsWith(`./locales/${code}/`))
        .map(([, part]) => part),
    ),
  ]),
) as Record<string, Catalogue>;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
}

const en = flatten(catalogues.en!);
const others = LANGUAGE_CODES.filter((c) => c !== 'en');
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

/** A plural key (i18next: key_one, key_other, ...) counts once, by its base; each language has its own forms. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (flat: Record<string, string>) => [
  ...new Set(Object.keys(flat).map((k) => k.replace(PLURAL, ''))),
];
const pluralBases = (flat: Record<string, string>) => [
  ...new Set(
    Object.keys(flat)
      .filter((k) => PLURAL.test(k))
      .map((k) => k.replace(PLURAL, '')),
  ),
];
/** The English text a language's key translates: a plural form answers to English's `other`. */
const englishOf = (key: string) => en[key] ?? en[key.replace(PLURAL, '_other')];

describe('catalogues', () => {
  it('has a catalogue for every language code', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it.each(others)('%s has every key of en.json and no other', (code) => {
    const flat = flatten(catalogues[code]!);
    const mine = baseKeys(flat);
    const english = baseKeys(en);
    expect(mine.filter((k) => !english.includes(k))).toEqual([]);
    expect(english.filter((k) => !mine.includes(k))).toEqual([]);
    expect(Object.entries(flat).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it.each(LANGUAGE_CODES)('%s has exactly the plural forms its language uses', (code) => {
    const flat = flatten(catalogues[code]!);
    const forms = new Intl.PluralRules(localeSettings[code].html).resolvedOptions().pluralCategories;
    expect(pluralBases(flat)).toEqual(pluralBases(en));
    for (const base of pluralBases(flat)) {
      const present = Object.keys(flat).filter((k) => k.replace(PLURAL, '') === base && PLURAL.test(k));
      expect([base, present.map((k) => k.match(PLURAL)![1]).sort()]).toEqual([base, [...forms].sort()]);
    }
  });

  it.each(others)('%s keeps the interpolation placeholders of en.json', (code) => {
    const flat = flatten(catalogues[code]!);
    for (const [key, text] of Object.entries(flat))
      expect([key, placeholders(text)]).toEqual([key, placeholders(englishOf(key) ?? '')]);
  });

  it.each(others)('%s is a translation, not a copy of English', (code) => {
    const flat = flatten(catalogues[code]!);
    const same = Object.keys(en).filter((k) => flat[k] === en[k]);
    // Product and protocol names (Ping, Iperf, SMTP, OK ...) may stay as they are; sentences may not.
    expect(same.length / Object.keys(en).length).toBeLessThan(0.15);
    expect(same.filter((k) => en[k]!.split(' ').length > 3)).toEqual([]);
  });

  it('translates every protocol message code', () => {
    expect(Object.keys(messages).filter((code) => !(`messages.${code}` in en))).toEqual([]);
  });

  it('gives English messages the protocol words', () => {
    for (const [code, text] of Object.entries(messages)) expect(en[`messages.${code}`]).toBe(text);
    for (const [code, text] of Object.entries(alertMessages)) expect(en[`alerts.${code}`]).toBe(text);
  });

  it('translates every alert code and every app and page of the permission tree', () => {
    expect(ALERT_CODES.filter((c) => !(`alerts.${c}` in en))).toEqual([]);
    expect(PERMISSION_TREE.filter((a) => !(`apps.${a.key}` in en)).map((a) => a.key)).toEqual([]);
    const children = PERMISSION_TREE.flatMap((a) => [...a.children]);
    expect(children.filter((c) => !(`pages.${c}` in en))).toEqual([]);
  });
});
