/** Random secrets and their one-way digests (what the database keeps). */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const digest = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
