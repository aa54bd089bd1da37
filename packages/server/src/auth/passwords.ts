/** argon2id password hashing (OWASP's recommended parameters). */
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A strong random password for the first administrator when ADMIN_PASSWORD is not set. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
