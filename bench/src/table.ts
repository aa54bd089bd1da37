/** Prints rows as a Markdown table (readable in a terminal, pasteable into bench/README.md). */

export type Cell = string | number | null | undefined;

export function formatCell(value: Cell): string {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value)))
    return 'n/a';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  return value;
}

export function markdownTable(headers: readonly string[], rows: readonly Cell[][]): string {
  const text = rows.map((row) => headers.map((_, i) => formatCell(row[i])));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n');
}
