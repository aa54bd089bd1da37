/** Sign-in lock-outs (Security): who is being held back from signing in, and clearing them. */
import { z } from 'zod';

export const lockoutView = z.object({
  /** The account name tried, when the lock-out is about an account. */
  account: z.string().nullable(),
  /** The source address, when the lock-out is about an address. */
  ip: z.string().nullable(),
  failures: z.number(),
  /** Epoch ms when sign-in is allowed again. */
  until: z.number(),
});
export type LockoutView = z.infer<typeof lockoutView>;
export const lockoutListResponse = z.object({ list: z.array(lockoutView) });
export type LockoutList = z.infer<typeof lockoutListResponse>;

/** Clears the lock-outs of an account, of an address, or (neither given) all of them. */
export const clearLockoutsRequest = z.object({
  account: z.string().max(64).optional(),
  ip: z.string().max(64).optional(),
});
export type ClearLockoutsRequest = z.infer<typeof clearLockoutsRequest>;
