/**
 * The validation rules of SPEC section 5, written once: the web forms and the API both use them.
 * Each rule returns the message code of the first failure, or null when the value passes.
 */
import { z } from 'zod';
import { messages, type MessageCode } from './messages.ts';
import { NUMBER_INPUT_MIN, PASSWORD_LENGTH, PORT_RANGE } from './constants.ts';

export type Rule<T = string> = (value: T) => MessageCode | null;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const USERNAME = /^[a-z][a-z0-9_-]{1,31}$/;
const EMAIL = /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;
const MAC = /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/;

export const isIPv4 = (value: string): boolean => IPV4.test(value);

const IPV6 = /^(?=.*:)[0-9A-Fa-f:]{2,39}$/;

/** An IPv6 address in its usual written forms (at most one '::', up to eight groups of 1-4 hex digits). */
export function isIPv6(value: string): boolean {
  if (!IPV6.test(value) || value.split('::').length > 2) return false;
  const groups = value.split(':');
  const compressed = value.includes('::');
  if (groups.length > 8 || (!compressed && groups.length !== 8)) return false;
  return groups.every(
    (g, i) => g.length <= 4 && (g.length > 0 || compressed || i === 0 || i === groups.length - 1),
  );
}

export const ipRule: Rule = (v) => (isIPv4(v) ? null : 'ipFormat');
export const macRule: Rule = (v) => (MAC.test(v) ? null : 'macFormat');
export const usernameRule: Rule = (v) => {
  if (!v) return 'usernameEmpty';
  return USERNAME.test(v) ? null : 'usernameFormat';
};
export const emailRule: Rule = (v) => {
  if (!v) return 'emailEmpty';
  return EMAIL.test(v) ? null : 'emailFormat';
};
export const passwordRule: Rule = (v) => {
  if (!v) return 'passwordEmpty';
  if (v.length < PASSWORD_LENGTH.min || v.length > PASSWORD_LENGTH.max) return 'passwordLength';
  if (v.includes('\\')) return 'passwordBackslash';
  return null;
};
export const portRule: Rule<number> = (v) =>
  Number.isInteger(v) && v >= PORT_RANGE.min && v <= PORT_RANGE.max ? null : 'portRange';
export const numberInputRule: Rule<number> = (v) =>
  Number.isFinite(v) && v >= NUMBER_INPUT_MIN ? null : 'numberMin';

/** Password strength labels of SPEC 5, from the variety and length of the characters used. */
export type PasswordStrength = 'Weak' | 'Medium' | 'Good' | 'Strong';
export function passwordStrength(password: string): PasswordStrength {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const score = classes + (password.length >= 12 ? 1 : 0) + (password.length >= 16 ? 1 : 0);
  if (password.length < PASSWORD_LENGTH.min || score <= 2) return 'Weak';
  if (score === 3) return 'Medium';
  if (score === 4) return 'Good';
  return 'Strong';
}

/** Turns a rule into a zod refinement whose issue message is the SPEC text and whose params carry the code. */
export function ruled(rule: Rule): z.ZodString {
  return z.string().superRefine((value, ctx) => {
    const code = rule(value);
    if (code) ctx.addIssue({ code: 'custom', message: messages[code], params: { code } });
  });
}

/** Finds the message code carried by the first zod issue, if a rule produced it. */
export function codeOfIssue(issue: { params?: unknown; message: string }): MessageCode | undefined {
  const params = issue.params as { code?: MessageCode } | undefined;
  if (params?.code) return params.code;
  const entry = Object.entries(messages).find(([, text]) => text === issue.message);
  return entry?.[0] as MessageCode | undefined;
}

/**
 * A rule-checked string field whose absence counts as empty, so a missing field answers with the rule's
 * own "cannot be empty" text rather than a type error. (zod 4's `.default` would skip the rule.)
 */
export const requiredField = (rule: Rule): z.ZodType<string, string | undefined> => ruled(rule).prefault('');

/** A number checked by a rule; a non-number (or nothing) answers with the rule's text as well. */
export function ruledNumber(rule: Rule<number>): z.ZodType<number, number> {
  const codeFor = (value: unknown): MessageCode | null => rule(typeof value === 'number' ? value : NaN);
  return z
    .number({ error: (issue) => messages[codeFor(issue.input) ?? 'invalidRequest'] })
    .superRefine((value, ctx) => {
      const code = codeFor(value);
      if (code) ctx.addIssue({ code: 'custom', message: messages[code], params: { code } });
    });
}

/** A text that must not be empty and has a length limit: the usual shape of names and descriptions. */
export function textRule(empty: MessageCode, max: number, tooLong: MessageCode = 'textTooLong'): Rule {
  return (v) => {
    if (!v.trim()) return empty;
    return v.length > max ? tooLong : null;
  };
}

/** An optional text: empty passes, anything else must satisfy the rule. */
export const optional =
  (rule: Rule): Rule =>
  (v) =>
    v === '' ? null : rule(v);

/** IP address of an access control entry: required, then A.B.C.D. */
export const ipAddressRule: Rule = (v) => (!v ? 'ipEmpty' : ipRule(v));
/** Longest description of an access control entry; forms stop typing there too. */
export const ACL_DESCRIPTION_MAX = 128;
export const aclDescriptionRule: Rule = textRule(
  'descriptionEmpty',
  ACL_DESCRIPTION_MAX,
  'descriptionLength',
);

export const WEBAUTHN_NAME_MAX = 64;
const WEBAUTHN_NAME = new RegExp(`^[A-Za-z0-9_-]{1,${WEBAUTHN_NAME_MAX}}$`);
/** SPEC 5: a security key name is required and uses only A-Z, a-z, 0-9, - and _. */
export const webauthnNameRule: Rule = (v) => {
  if (!v) return 'webauthnNameEmpty';
  return WEBAUTHN_NAME.test(v) ? null : 'webauthnNameFormat';
};

export const TOKEN_NAME_MAX = 64;
export const tokenNameRule: Rule = textRule('tokenNameEmpty', TOKEN_NAME_MAX, 'tokenNameLength');

/** SPEC 5 "Company link valid": an absolute http(s) address, or nothing. */
export const companyLinkRule: Rule = optional((v) => {
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname
      ? null
      : 'invalidCompanyLink';
  } catch {
    return 'invalidCompanyLink';
  }
});

const PHONE = /^\+?[0-9 ()-]{3,32}$/;
export const phoneRule: Rule = optional((v) => (PHONE.test(v) ? null : 'phoneFormat'));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Matches YYYY-MM-DD and exists (no 30 February; month 13 is no date at all, not an exception). */
export const isCalendarDate = (v: string): boolean => {
  const at = Date.parse(`${v}T00:00:00Z`);
  return ISO_DATE.test(v) && !Number.isNaN(at) && new Date(at).toISOString().startsWith(v);
};
/** A YYYY-MM-DD day that exists; anything else (or nothing) answers with `message`. */
export const calendarDate = (message: string) =>
  z.string({ error: message }).refine(isCalendarDate, { message });
