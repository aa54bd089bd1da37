/**
 * Summarises a V8 heap snapshot (.heapsnapshot): retained-by-nobody-in-particular self sizes summed per
 * constructor (or per node type for strings, code, arrays), biggest first: what the memory per device is
 * made of. `npx tsx bench/src/heap-summary.ts FILE [TOP]`.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { markdownTable } from './table.ts';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] }; node_count: number };
  nodes: number[];
  strings: string[];
}

export interface HeapGroup {
  name: string;
  count: number;
  bytes: number;
}

export function summariseHeap(snapshot: Snapshot, top = 30): { totalBytes: number; groups: HeapGroup[] } {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, HeapGroup>();
  let totalBytes = 0;
  const { nodes, strings } = snapshot;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]!]!;
    const size = nodes[i + sizeAt]!;
    totalBytes += size;
    // Objects by constructor; strings, code, arrays and the rest by kind.
    const name =
      type === 'object' || type === 'closure' ? `${type} ${strings[nodes[i + nameAt]!]}` : `(${type})`;
    const g = groups.get(name) ?? { name, count: 0, bytes: 0 };
    g.count++;
    g.bytes += size;
    groups.set(name, g);
  }
  return { totalBytes, groups: [...groups.values()].sort((a, b) => b.bytes - a.bytes).slice(0, top) };
}

export function heapReport(file: string, top = 30, perDevices?: number): string {
  const { totalBytes, groups } = summariseHeap(JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot, top);
  const per = (bytes: number) => (perDevices ? (bytes / perDevices).toFixed(0) : '');
  return [
    `${file}: ${(totalBytes / 2 ** 20).toFixed(0)} MiB of objects${perDevices ? `, ${per(totalBytes)} B per device` : ''}`,
    '',
    markdownTable(
      ['MiB', 'count', ...(perDevices ? ['B/device'] : []), 'what'],
      groups.map((g) => [
        (g.bytes / 2 ** 20).toFixed(1),
        g.count,
        ...(perDevices ? [per(g.bytes)] : []),
        g.name,
      ]),
    ),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top, devices] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: tsx bench/src/heap-summary.ts FILE.heapsnapshot [TOP] [DEVICES]\n');
    process.exit(2);
  }
  process.stdout.write(
    `${heapReport(file, top ? Number(top) : 30, devices ? Number(devices) : undefined)}\n`,
  );
}
