/**
 * Counted in a heap snapshot of a fresh process: the test runner's own heap is too big to snapshot quickly.
 */
import { expect, test } from 'vitest';
import { lastLineOfFreshProcess, moduleUrl } from '../testing/fresh-process.ts';
import { flatString } from './flat-string.ts';

/** Keeps 1,000 telemetry-like texts made by `make` and counts the cons strings the heap then holds. */
function consStringsKept(make: string): number {
  const script = `
    import v8 from 'node:v8';
    const { flatString } = await import(${moduleUrl('./flat-string.ts', import.meta.url)});
    const { PackedJson } = await import(${moduleUrl('./packed-json.ts', import.meta.url)});
    const report = (i) => ({ ts: i, interfaces: Array.from({ length: 8 }, (_, k) => ({ name: 'eth' + k, rxBytes: i * k, up: true })) });
    globalThis.kept = Array.from({ length: 1000 }, (_, i) => ${make});
    let text = '';
    for await (const chunk of v8.getHeapSnapshot()) text += chunk;
    const s = JSON.parse(text);
    const fields = s.snapshot.meta.node_fields, types = s.snapshot.meta.node_types[0];
    let cons = 0;
    for (let i = 0; i < s.nodes.length; i += fields.length)
      if (types[s.nodes[i + fields.indexOf('type')]] === 'concatenated string') cons++;
    console.log(cons);
  `;
  return Number(lastLineOfFreshProcess(script));
}

test('a kept text is one string, not a tree of the pieces it was built from', () => {
  const pieces = consStringsKept('JSON.stringify(report(i))');
  const flat = consStringsKept('flatString(JSON.stringify(report(i)))');
  const packed = consStringsKept('new PackedJson(report(i))');
  // Each stringified report is several pieces: the thousand of them leave thousands of tree nodes.
  expect(pieces - flat).toBeGreaterThan(2000);
  expect(packed).toBeLessThan(flat + 100);
});

test('the text is unchanged, whatever its characters', () => {
  const text = JSON.stringify({ name: 'Routeur de la gare – ساحة', n: [1, 2, 3] });
  expect(flatString(text)).toBe(text);
});
