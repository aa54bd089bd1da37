import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { summariseHeap, summariseHolders } from './heap-summary.ts';

test('objects are grouped by what holds them, and by kind', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heap-summary-'));
  const file = path.join(dir, 'small.heapsnapshot');
  try {
    // A fresh process keeps 2,000 strings of its own in an object of a class of its own.
    const script = `
      class Keeper { constructor() { this.texts = Array.from({ length: 2000 }, (_, i) => Buffer.from('text ' + i).toString()); } }
      globalThis.kept = new Keeper();
      require('node:v8').writeHeapSnapshot(${JSON.stringify(file)});
    `;
    execFileSync(process.execPath, ['-e', script]);
    const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as Parameters<typeof summariseHolders>[0];

    const held = summariseHolders(snapshot, 2, 1000);
    const texts = held.find((g) => g.name.endsWith('object:Keeper.texts'));
    expect(texts?.name).toBe('(string) < object:Array.[element] < object:Keeper.texts');
    expect(texts?.count).toBe(2000);

    const kinds = summariseHeap(snapshot, 1000).groups;
    expect(kinds.find((g) => g.name === 'object Keeper')?.count).toBe(1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
