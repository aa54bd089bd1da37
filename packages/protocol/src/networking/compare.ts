/** Structural equality of section documents, blind to key order (the device may report keys in any order). */
export function sameDocument(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

/** JSON with object keys sorted and undefined members left out: equal documents give equal text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
