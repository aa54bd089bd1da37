/**
 * Auth Connect (SPEC 1, 3 'Auth connection', 5 'Auth connection rules'): accounts devices use to
 * authenticate Wi-Fi hotspot and 802.1X users, pushed to the devices and groups chosen. The rules live
 * here once; the form and the API both use them.
 */
import { z } from 'zod';
import type { MessageCode } from './messages.ts';
import { ruled, type Rule } from './validation.ts';
import { report } from './networking/fields.ts';

export const AUTH_CONNECT_API = '/api/v1/authConnect';
const NAME_MAX = 64;
const PASSWORD_MAX = 64;

const isBlank = (value: string) => value.trim() === '';

/** SPEC 5: not empty. Devices keep names in quote-delimited user files, so no blanks or quotes either. */
export const authConnectNameRule: Rule = (value) => {
  if (isBlank(value)) return 'authConnectNameEmpty';
  if (value.length > NAME_MAX) return 'authConnectNameLength';
  return /[\s"'\\]/.test(value) ? 'authConnectNameFormat' : null;
};
export const authConnectPasswordRule: Rule = (value) => {
  if (value === '') return 'authConnectPasswordEmpty';
  return value.length > PASSWORD_MAX ? 'authConnectPasswordLength' : null;
};
export const authConnectConfirmRule = (password: string, confirm: string): MessageCode | null => {
  if (confirm === '') return 'authConnectConfirmEmpty';
  return confirm === password ? null : 'authConnectPasswordMismatch';
};

const deviceId = z.string().regex(/^[0-9a-f]{16}$/);
/** The devices and groups an account is pushed to. */
export const authConnectTargets = z.object({
  deviceIds: z.array(deviceId).max(10_000).default([]),
  groupIds: z.array(z.number().int().positive()).max(1000).default([]),
});

/** Create: every field; the password twice, identical. */
export const authConnectCreateRequest = authConnectTargets
  .extend({
    name: ruled(authConnectNameRule),
    password: ruled(authConnectPasswordRule),
    confirmPassword: z.string(),
  })
  .superRefine((body, ctx) =>
    report(ctx, authConnectConfirmRule(body.password, body.confirmPassword), ['confirmPassword']),
  );
export type AuthConnectCreateRequest = z.input<typeof authConnectCreateRequest>;

/** Edit: the password is changed only when given (then twice, identical); the targets are replaced. */
export const authConnectEditRequest = authConnectTargets
  .extend({
    id: z.number().int().positive(),
    name: ruled(authConnectNameRule),
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.password && !body.confirmPassword) return;
    report(ctx, authConnectPasswordRule(body.password ?? ''), ['password']);
    report(ctx, authConnectConfirmRule(body.password ?? '', body.confirmPassword ?? ''), ['confirmPassword']);
  });
export type AuthConnectEditRequest = z.input<typeof authConnectEditRequest>;

export const authConnectIdRequest = z.object({ id: z.number().int().positive() });

/** An account as the console shows it: never its password. */
export const authConnectAccountView = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceIds: z.array(z.string()),
  groupIds: z.array(z.number().int()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AuthConnectAccountView = z.infer<typeof authConnectAccountView>;
export const authConnectListResponse = z.object({ list: z.array(authConnectAccountView) });

/** What a device keeps of an account (wifi section `accounts`): the password in the clear, as it checks it. */
export const wifiAccount = z.object({
  name: ruled(authConnectNameRule),
  password: ruled(authConnectPasswordRule),
});
export type WifiAccount = z.infer<typeof wifiAccount>;
/** What the lists show of an account a device holds. */
export const wifiAccountName = z.object({ name: z.string() });

/** What a screen or an API answer shows instead of an account's password. */
export const HIDDEN_PASSWORD = '********';

/**
 * A Wi-Fi document with its accounts' passwords hidden: the console's views of a device's configuration
 * (settings state, drift, loadConfig) are for anyone who may see the device, the passwords are not.
 */
export const hidingAccountPasswords = <D extends { accounts: WifiAccount[] }>(doc: D): D => ({
  ...doc,
  accounts: doc.accounts.map(({ name }) => ({ name, password: HIDDEN_PASSWORD })),
});
