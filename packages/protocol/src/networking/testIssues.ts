/** Test helper: the issues a schema finds, as `path: code` strings (empty when the value is valid). */
import type { z } from 'zod';
import { codeOfIssue } from '../validation.ts';

export function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('.')}: ${codeOfIssue(i) ?? i.code}`);
}

/** A valid device id for request bodies. */
export const DEVICE = '0123456789abcdef';
