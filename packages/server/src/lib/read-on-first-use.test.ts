import { expect, test } from 'vitest';
import { readOnFirstUse } from './read-on-first-use.ts';

test('computed once, when first read, and then an ordinary property', () => {
  let computed = 0;
  const view: { id: string; doc: { a: number } | null } = { id: 'd1', doc: null };
  readOnFirstUse(view, 'doc', () => ({ a: ++computed }));
  expect(computed).toBe(0);
  expect(view.doc).toEqual({ a: 1 });
  expect(view.doc).toBe(view.doc);
  expect(computed).toBe(1);
  expect(JSON.stringify(view)).toBe('{"id":"d1","doc":{"a":1}}');
  expect({ ...view }).toEqual({ id: 'd1', doc: { a: 1 } });
});

test('copies and serialisations see it without reading it first', () => {
  const view = { id: 'd1', doc: null as number | null };
  readOnFirstUse(view, 'doc', () => 7);
  expect(Object.keys(view)).toEqual(['id', 'doc']);
  expect(JSON.stringify(view)).toBe('{"id":"d1","doc":7}');
});

test('written before it was read, it holds what was written', () => {
  let computed = 0;
  const view = { doc: null as number | null };
  readOnFirstUse(view, 'doc', () => ++computed);
  view.doc = 42;
  expect(view.doc).toBe(42);
  expect(computed).toBe(0);
});
