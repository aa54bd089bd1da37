/**
 * A protocol request schema (zod, written once in @edge/protocol) as antd Form validators: each field shows
 * the first issue the schema raises for it, in the user's language. Cross-field refinements (passwords
 * match) only run once every field has the right type; `placeholders` stand in for fields still empty so
 * such a refinement can speak up before the user has filled in everything else.
 */
import type { TFunction } from 'i18next';
import { codeOfIssue } from '@edge/protocol';
import { messageText } from '../i18n/messageText.ts';

export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
  params?: unknown;
}

export interface RequestSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The issues of the values, per top-level field; an empty list when they pass. */
export function schemaIssues(schema: RequestSchema, values: unknown): readonly SchemaIssue[] {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues;
}

/** The first issue of `field`, or undefined. */
export function fieldIssue(
  schema: RequestSchema,
  values: Record<string, unknown>,
  field: string,
  placeholders: Record<string, unknown> = {},
): SchemaIssue | undefined {
  const issues = schemaIssues(schema, values);
  const own = issues.find((i) => i.path[0] === field);
  if (own || issues.length === 0) return own;
  const filled = { ...values };
  for (const [key, value] of Object.entries(placeholders)) if (isEmpty(filled[key])) filled[key] = value;
  return schemaIssues(schema, filled).find((i) => i.path[0] === field);
}

export const issueText = (t: TFunction, issue: SchemaIssue): string => {
  const code = codeOfIssue(issue);
  return code ? messageText(t, code) : issue.message;
};

/** An antd `validator` for one field of the form, checked against the whole form's values. */
export const schemaValidator =
  (
    t: TFunction,
    schema: RequestSchema,
    field: string,
    values: () => Record<string, unknown>,
    placeholders?: Record<string, unknown>,
  ) =>
  (): Promise<void> => {
    const issue = fieldIssue(schema, values(), field, placeholders);
    return issue ? Promise.reject(new Error(issueText(t, issue))) : Promise.resolve();
  };

export type FieldRules<K extends string> = Record<K, { validator: () => Promise<void> }[]>;

/** The antd `rules` of each named field, every one checked against the whole form with the schema. */
export function schemaFieldRules<K extends string>(
  t: TFunction,
  schema: RequestSchema,
  fields: readonly K[],
  values: () => Record<string, unknown>,
  placeholders?: Record<string, unknown>,
): FieldRules<K> {
  return Object.fromEntries(
    fields.map((field) => [field, [{ validator: schemaValidator(t, schema, field, values, placeholders) }]]),
  ) as FieldRules<K>;
}
