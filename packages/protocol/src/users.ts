/** Account management (SPEC 2, 3, 4): the user list, new and edited users, suspend, re-activate, delete, icons. */
import { z } from 'zod';
import { messages } from './messages.ts';
import { accountTypes, type AccountInfo } from './auth.ts';
import { permissionNodeView } from './roles.ts';
import { emailRule, optional, passwordRule, requiredField, ruled, usernameRule } from './validation.ts';

/** SPEC 3/4: status 1 is active (the default of a new user), 0 suspended. */
export const ACCOUNT_STATUS = { active: 1, suspended: 0 } as const;
export type AccountStatus = (typeof ACCOUNT_STATUS)[keyof typeof ACCOUNT_STATUS];

/** User icons: the server looks at the bytes, not the name or the browser's claim. */
export const ICON_UPLOAD = { maxBytes: 512 * 1024, types: ['png', 'jpg', 'gif', 'webp'] } as const;

const userId = z.number().int().positive();
const accountType = z.enum(accountTypes, { error: messages.accountTypeRequired });
const roleId = z
  .number({ error: messages.permissionTypeRequired })
  .int(messages.permissionTypeRequired)
  .positive(messages.permissionTypeRequired);
const companyName = z.string().max(128, messages.textTooLong).default('');

const passwordsMatch = (v: { password?: string; confirmPassword?: string }) =>
  (v.password ?? '') === (v.confirmPassword ?? '');
const mismatch = {
  message: messages.passwordsDoNotMatch,
  path: ['confirmPassword'],
  params: { code: 'passwordsDoNotMatch' },
};

export const newUserRequest = z
  .object({
    name: requiredField(usernameRule),
    email: requiredField(emailRule),
    password: requiredField(passwordRule),
    confirmPassword: z.string().default(''),
    roleId,
    type: accountType,
    status: z
      .union([z.literal(ACCOUNT_STATUS.active), z.literal(ACCOUNT_STATUS.suspended)])
      .default(ACCOUNT_STATUS.active),
    companyName,
  })
  .refine(passwordsMatch, mismatch);
export type NewUserRequest = z.infer<typeof newUserRequest>;

/** An administrator edits e-mail, company, permission and account type; a new password is optional (empty keeps it). */
export const editUserRequest = z
  .object({
    id: userId,
    email: requiredField(emailRule),
    companyName,
    roleId,
    type: accountType,
    password: ruled(optional(passwordRule)).optional(),
    confirmPassword: z.string().optional(),
  })
  .refine(passwordsMatch, mismatch);
export type EditUserRequest = z.infer<typeof editUserRequest>;

export const userIdRequest = z.object({ id: userId });
export const userIdQuery = z.object({ id: z.coerce.number().int().positive() });

export const userView = z.object({
  /** Position in the list, from 1 (SPEC 2: "list with number"). */
  number: z.number(),
  id: z.number(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  type: z.enum(accountTypes),
  roleId: z.number(),
  /** The role's name; the console labels it "Permission". */
  roleName: z.string(),
  status: z.number(),
  hasIcon: z.boolean(),
  createdAt: z.number(),
  /** Last sign-in, epoch ms; null shows as Never. */
  lastUsedAt: z.number().nullable(),
});
export type UserView = z.infer<typeof userView>;

/** The list, and the roles the user form offers (so the form needs no second permission). */
export const userListResponse = z.object({
  list: z.array(userView),
  totalNumber: z.number(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type UserListResponse = z.infer<typeof userListResponse>;

/** GET getAccountInfo (SPEC 3, User info): members lists every user for those who may view accounts. */
export const accountInfoResponse = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  type: z.enum(accountTypes),
  roleId: z.number(),
  roleName: z.string(),
  permissions: z.array(permissionNodeView),
  webauthn: z.array(z.object({ id: z.string(), name: z.string() })),
  members: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      companyName: z.string(),
      email: z.string(),
      permissions: z.string(),
      status: z.number(),
    }),
  ),
  csrfToken: z.string().nullable(),
}) satisfies z.ZodType<AccountInfo>;
