/**
 * Summarises a V8 heap snapshot (.heapsnapshot): retained-by-nobody-in-particular self sizes summed per
 * constructor (or per node type for strings, code, arrays), biggest first: what the memory per device is
 * made of. `npx tsx bench/src/heap-summary.ts FILE [TOP] [DEVICES]`.
 *
 * `--holders DEPTH` groups by what holds each object instead: the chain of its first holders, DEPTH deep
 * (e.g. `object:PackedJson.text < object:Object.telemetry` for a device's telemetry text). That is how the
 * trees of string pieces under the telemetry texts and the PDF printer's sources were found (bench/README.md).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { markdownTable } from './table.ts';

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields?: string[];
      edge_types?: [string[], ...unknown[]];
    };
    node_count: number;
  };
  nodes: number[];
  edges?: number[];
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

/**
 * Self sizes summed per chain of first holders, `depth` deep: for each object, the object that first refers
 * to it (weak references and shortcuts aside) and by which property, then that one's, and so on.
 */
export function summariseHolders(snapshot: Snapshot, depth: number, top = 30): HeapGroup[] {
  const meta = snapshot.snapshot.meta;
  const [fields, types] = [meta.node_fields, meta.node_types[0]];
  const [edgeFields, edgeTypes] = [meta.edge_fields ?? [], meta.edge_types?.[0] ?? []];
  const { nodes, strings } = snapshot;
  const edges = snapshot.edges ?? [];
  const width = fields.length;
  const edgeWidth = edgeFields.length;
  const [typeAt, nameAt, sizeAt, countAt] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
    fields.indexOf(f),
  ) as [number, number, number, number];
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) =>
    edgeFields.indexOf(f),
  ) as [number, number, number];
  const count = nodes.length / width;
  const holder = new Int32Array(count).fill(-1);
  const via = new Int32Array(count).fill(-1);
  for (let node = 0, edge = 0; node < count; node++) {
    for (let k = 0; k < nodes[node * width + countAt]!; k++, edge += edgeWidth) {
      const kind = edgeTypes[edges[edge + edgeTypeAt]!];
      if (kind === 'weak' || kind === 'shortcut') continue;
      const to = edges[edge + toAt]! / width;
      if (holder[to] === -1) [holder[to], via[to]] = [node, edge];
    }
  }
  const label = (node: number) => {
    const type = types[nodes[node * width + typeAt]!]!;
    return type === 'object' || type === 'closure' || type === 'native'
      ? `${type}:${strings[nodes[node * width + nameAt]!]}`.slice(0, 50)
      : `(${type})`;
  };
  const edgeName = (edge: number) => {
    const kind = edgeTypes[edges[edge + edgeTypeAt]!];
    const v = edges[edge + edgeNameAt]!;
    return kind === 'element' || kind === 'hidden' ? `[${kind}]` : String(strings[v]).slice(0, 30);
  };
  const groups = new Map<string, HeapGroup>();
  for (let node = 0; node < count; node++) {
    const chain: string[] = [label(node)];
    for (let at = node, d = 0; d < depth && holder[at] !== -1; d++, at = holder[at]!)
      chain.push(`${label(holder[at]!)}.${edgeName(via[at]!)}`);
    const name = chain.join(' < ');
    const g = groups.get(name) ?? { name, count: 0, bytes: 0 };
    g.count++;
    g.bytes += nodes[node * width + sizeAt]!;
    groups.set(name, g);
  }
  return [...groups.values()].sort((a, b) => b.bytes - a.bytes).slice(0, top);
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
  const args = process.argv.slice(2);
  const holdersAt = args.indexOf('--holders');
  const depth = holdersAt === -1 ? 0 : Number(args.splice(holdersAt, 2)[1] ?? 2);
  const [file, top, devices] = args;
  if (!file) {
    process.stderr.write(
      'usage: tsx bench/src/heap-summary.ts FILE.heapsnapshot [TOP] [DEVICES] [--holders DEPTH]\n',
    );
    process.exit(2);
  }
  const topN = top ? Number(top) : 30;
  if (depth > 0) {
    const groups = summariseHolders(JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot, depth, topN);
    const rows = groups.map((g) => [(g.bytes / 2 ** 20).toFixed(1), g.count, g.name]);
    process.stdout.write(`${markdownTable(['MiB', 'count', 'object < held by'], rows)}\n`);
  } else process.stdout.write(`${heapReport(file, topN, devices ? Number(devices) : undefined)}\n`);
}
