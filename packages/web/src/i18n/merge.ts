/** Deep merge of catalogue parts: each feature keeps its strings in its own file (locales/<code>/<feature>.json). */
type Tree = { [key: string]: unknown };

export function mergeCatalogueParts<T extends Tree>(parts: Tree[]): T {
  const out: Tree = {};
  for (const part of parts) mergeInto(out, part);
  return out as T;
}

function mergeInto(target: Tree, source: Tree): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === 'object' && existing && typeof existing === 'object') {
      mergeInto(existing as Tree, value as Tree);
    } else {
      target[key] = value && typeof value === 'object' ? mergeCatalogueParts([value as Tree]) : value;
    }
  }
}
