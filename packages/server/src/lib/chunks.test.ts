import { describe, expect, it } from 'vitest';
import { chunkSizes, inChunks, mapChunks } from './chunks.ts';

describe('chunks', () => {
  it('cuts full chunks, then the rest in descending powers of two', () => {
    expect(chunkSizes(0, 256)).toEqual([]);
    expect(chunkSizes(1, 256)).toEqual([1]);
    expect(chunkSizes(256, 256)).toEqual([256]);
    expect(chunkSizes(256 + 137, 256)).toEqual([256, 128, 8, 1]);
    expect(chunkSizes(700, 300)).toEqual([300, 300, 64, 32, 4]);
  });

  it('keeps the number of distinct shapes small whatever the length', () => {
    const shapes = new Set<number>();
    for (let n = 0; n < 5000; n++) for (const s of chunkSizes(n, 256)) shapes.add(s);
    expect([...shapes].sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
  });

  it('hands every row over once, in order', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => i);
    const seen: number[] = [];
    await inChunks(rows, 256, async (chunk) => void seen.push(...chunk));
    expect(seen).toEqual(rows);
    expect(await mapChunks(rows, 100, async (chunk) => chunk.map((n) => n * 2))).toEqual(
      rows.map((n) => n * 2),
    );
  });

  it('lets other work run between chunks', async () => {
    const order: string[] = [];
    const writing = inChunks([1, 2, 3], 1, async (chunk) => void order.push(`chunk ${chunk[0]}`));
    setImmediate(() => order.push('request'));
    await writing;
    expect(order.indexOf('request')).toBeGreaterThan(0);
    expect(order.indexOf('request')).toBeLessThan(order.length - 1);
  });
});
