/**
 * Where a device's configuration differs from the desired one, as paths a person can read next to the
 * form: `list[0].ip`, `detection.pingTarget`. Lists compare position by position, as the screens show
 * them; keys compare regardless of order, as the documents mean them.
 */
import { sameDocument, type DriftEntry } from '@edge/protocol';

/** More than this many differences say "rewritten"; the rest would only flood the screen. */
export const MAX_DRIFT_ENTRIES = 100;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

export function drift(desired: unknown, reported: unknown): DriftEntry[] {
  const out: DriftEntry[] = [];
  const walk = (d: unknown, r: unknown, path: string) => {
    if (out.length >= MAX_DRIFT_ENTRIES || sameDocument(d, r)) return;
    if (Array.isArray(d) && Array.isArray(r)) {
      for (let i = 0; i < Math.max(d.length, r.length); i++) walk(d[i], r[i], join(path, i));
    } else if (isPlainObject(d) && isPlainObject(r)) {
      for (const key of [...new Set([...Object.keys(d), ...Object.keys(r)])].sort())
        walk(d[key], r[key], join(path, key));
    } else {
      out.push({ path: path || '$', desired: d ?? null, reported: r ?? null });
    }
  };
  walk(desired, reported, '');
  return out;
}
