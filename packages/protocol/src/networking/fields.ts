/**
 * How the networking rules reach zod: every failing rule becomes a custom issue whose message is the
 * SPEC text and whose `params.code` is the message code, exactly like `ruled()` of validation.ts, so
 * the API answers `{err_message, err_code}` and the web form shows the same words.
 */
import { z } from 'zod';
import { messages, type MessageCode } from '../messages.ts';
import { ruled, type Rule } from '../validation.ts';

type Path = (string | number)[];
export interface IssueSink {
  addIssue(issue: {
    code: 'custom';
    message: string;
    params: { code: MessageCode };
    path?: Path;
    continue?: boolean;
  }): void;
}

/** Adds the issue of a failed rule at `path` (relative to the schema being refined). */
export function report(ctx: IssueSink, code: MessageCode | null, path?: Path): void {
  if (!code) return;
  ctx.addIssue({ code: 'custom', message: messages[code], params: { code }, ...(path ? { path } : {}) });
}

/**
 * The same, but the value is left unusable (not of its type), so zod skips the refinements of the
 * enclosing object: they can then trust every field's type.
 */
function reportFatal(ctx: IssueSink, code: MessageCode | null): void {
  if (code) ctx.addIssue({ code: 'custom', message: messages[code], params: { code }, continue: false });
}

/** A string field checked by a rule: validation.ts's `ruled`, under the name the section files read best with. */
export const text: (rule: Rule) => z.ZodString = ruled;

/** The largest number a device setting may hold unless its field says less: UCI and nftables keep 32 bits. */
export const NUMBER_FIELD_MAX = 2_147_483_647;

/**
 * A whole number checked by a rule, then for being whole and at most `max`, so the API refuses what a
 * device cannot use (1.5, 1e308); anything that is not a number fails zod's own type check first.
 */
export function wholeNumber(rule: Rule<number>, max: number = NUMBER_FIELD_MAX): z.ZodNumber {
  return z.number().superRefine((value, ctx) => {
    const code =
      rule(value) ?? (!Number.isInteger(value) ? 'numberWhole' : value > max ? 'numberTooLarge' : null);
    report(ctx, code);
  });
}

/** NUL, line breaks, tabs, escape and the rest of C0, and DEL: what would break a UCI or nft line. */
const isControl = (character: string) => {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** Text a device writes into its configuration: one printable line of at most `maxLength` characters. */
export function freeText(maxLength: number): z.ZodString {
  return z.string().superRefine((value, ctx) => {
    report(
      ctx,
      [...value].some(isControl) ? 'textUnprintable' : value.length > maxLength ? 'textTooLong' : null,
    );
  });
}

/** Lengths of the free-text fields of device settings. */
export const TEXT_FIELD_MAX = { description: 128, credential: 64, apn: 100, proxy: 128, name: 64 } as const;

/**
 * A choice the user must make in a select box. Empty (missing, null or '') answers with the SPEC's
 * "must be selected" words; anything else must then be one of the choices of `schema`.
 */
export function selected<T extends z.ZodType>(schema: T, code: MessageCode) {
  return z
    .unknown()
    .superRefine((value, ctx) =>
      reportFatal(ctx, value === undefined || value === null || value === '' ? code : null),
    )
    .pipe(schema);
}

/**
 * A select box of fixed values (words or numbers): empty gives `emptyCode`, a value outside the list
 * gives `invalidCode`; the parsed type is the union of the values.
 */
export function choice<const T extends readonly [string | number, ...(string | number)[]]>(
  values: T,
  emptyCode: MessageCode,
  invalidCode: MessageCode = 'invalidChoice',
) {
  return selected(
    z
      .unknown()
      .superRefine((value, ctx) => reportFatal(ctx, values.includes(value as T[number]) ? null : invalidCode))
      .pipe(z.literal(values)),
    emptyCode,
  );
}
