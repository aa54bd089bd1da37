/** Payloads of sign-in, sign-out, startup variables and the signed-in user's own account. */
import { z } from 'zod';
import { messages } from './messages.ts';
import { emailRule, passwordRule, ruled } from './validation.ts';
import type { PermissionNode } from './permissions.ts';

export const loginRequest = z
  .object({ name: z.string().default(''), password: z.string().default('') })
  .superRefine((v, ctx) => {
    const code =
      !v.name && !v.password
        ? 'loginBothEmpty'
        : !v.name
          ? 'loginAccountEmpty'
          : !v.password
            ? 'loginPasswordEmpty'
            : null;
    if (code) ctx.addIssue({ code: 'custom', message: messages[code], params: { code } });
  });
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ message: z.string(), csrfToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const variablesResponse = z.object({ CaptchaKey: z.string(), GAKey: z.string() });
export type Variables = z.infer<typeof variablesResponse>;

export const okResponse = z.object({ message: z.string() });

export const accountTypes = ['Admin', 'Container'] as const;
export type AccountType = (typeof accountTypes)[number];

export interface AccountInfo {
  id: number;
  name: string;
  email: string;
  companyName: string;
  type: AccountType;
  roleId: number;
  roleName: string;
  permissions: PermissionNode[];
  webauthn: { id: string; name: string }[];
  members: {
    id: number;
    name: string;
    companyName: string;
    email: string;
    permissions: string;
    status: number;
  }[];
  csrfToken: string | null;
}

export const profileRequest = z.object({
  email: ruled(emailRule),
  companyName: z.string().max(128).default(''),
});
export type ProfileRequest = z.infer<typeof profileRequest>;

export const passwordChangeRequest = z
  .object({
    currentPassword: z.string().min(1, { message: messages.passwordEmpty }),
    newPassword: ruled(passwordRule),
    newConfirmPassword: z.string().min(1, { message: messages.passwordEmpty }),
  })
  .refine((v) => v.newPassword === v.newConfirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['newConfirmPassword'],
    params: { code: 'passwordsDoNotMatch' },
    // Compared whenever both are text, even while another field fails, so a form says it at once.
    when: ({ value }) => {
      const v = value as { newPassword?: unknown; newConfirmPassword?: unknown } | undefined;
      return typeof v?.newPassword === 'string' && typeof v.newConfirmPassword === 'string';
    },
  });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
