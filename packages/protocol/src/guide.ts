/**
 * The quick-start guide (SPEC 2): a tour of three sections over the real screens. Each user's "Don't show
 * again" is kept by the server; a new console (no device adopted yet) opens it on sign-in until then.
 */
import { z } from 'zod';

export const guideState = z.object({
  /** Open it on its own now: the user has not chosen Don't show again and the console is new. */
  show: z.boolean(),
  dismissed: z.boolean(),
});
export type GuideState = z.infer<typeof guideState>;

export const guideRequest = z.object({ dismissed: z.boolean() });
