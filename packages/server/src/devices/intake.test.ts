import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { intakeQueue } from './intake.ts';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('intake queue', () => {
  it('handles every message once, in arrival order, and reports a handler that throws', async () => {
    const errors: string[] = [];
    const intake = intakeQueue((_err, topic) => errors.push(topic));
    const seen: string[] = [];
    const handler = (topic: string, payload: Buffer) => {
      if (topic === 'bad') throw new Error('broken device message');
      seen.push(`${topic}:${payload.toString()}`);
    };
    for (let i = 0; i < 5000; i++) intake.push(handler, `t${i % 7}`, Buffer.from(String(i)));
    intake.push(handler, 'bad', Buffer.alloc(0));
    intake.push(handler, 'last', Buffer.from('x'));
    expect(seen).toEqual([]);
    while (intake.waiting > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toHaveLength(5001);
    expect(seen.slice(0, 3)).toEqual(['t0:0', 't1:1', 't2:2']);
    expect(seen.at(-1)).toBe('last:x');
    expect(errors).toEqual(['bad']);
  });

  it('hands a burst over in turns, with other work between them', async () => {
    const intake = intakeQueue(() => undefined);
    const slow = () => busyFor(1);
    for (let i = 0; i < 60; i++) intake.push(slow, 'report', Buffer.alloc(0));
    let handledBeforeRequest = -1;
    // An operator's request arriving with the burst: it runs after the first turn, not after all 60 ms.
    setImmediate(() => setImmediate(() => (handledBeforeRequest = 60 - intake.waiting)));
    while (intake.waiting > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(handledBeforeRequest).toBeGreaterThan(0);
    expect(handledBeforeRequest).toBeLessThan(60);
  });

  it('past its bound, each arrival handles the oldest message where it arrives, in order', () => {
    const intake = intakeQueue(() => undefined);
    const seen: number[] = [];
    const handler = (_topic: string, payload: Buffer) => void seen.push(payload.readUInt32LE());
    const message = (i: number) => {
      const payload = Buffer.alloc(4);
      payload.writeUInt32LE(i);
      return payload;
    };
    for (let i = 0; i < 10_000; i++) intake.push(handler, 'report', message(i));
    expect(seen).toEqual([]);
    for (let i = 10_000; i < 10_005; i++) intake.push(handler, 'report', message(i));
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(intake.waiting).toBe(10_000);
    intake.drain();
    expect(seen).toHaveLength(10_005);
    expect(seen.every((n, i) => n === i)).toBe(true);
  });

  it('drain handles everything waiting at once', () => {
    const intake = intakeQueue(() => undefined);
    let count = 0;
    for (let i = 0; i < 100; i++) intake.push(() => count++, 'x', Buffer.alloc(0));
    intake.drain();
    expect(count).toBe(100);
    expect(intake.waiting).toBe(0);
  });
});
