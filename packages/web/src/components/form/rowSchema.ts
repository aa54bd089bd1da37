/**
 * One row of a section's list, checked as part of the whole section. The section schema (protocol, written
 * once) runs on the list with the edited row put last, so the rules across rows (a duplicate ID, an
 * overlapping subnet, a VLAN that does not exist) report on that row, and its form can show them under
 * its own fields like any single-field rule.
 */
import type { RequestSchema } from '../../components/schemaRules.ts';

export function rowInSection(
  section: RequestSchema,
  listKey: string,
  others: readonly unknown[],
  rest: Record<string, unknown> = {},
): RequestSchema {
  return {
    safeParse(row) {
      const result = section.safeParse({ ...rest, [listKey]: [...others, row] });
      if (result.success) return result;
      const issues = result.error.issues
        .filter((issue) => issue.path[0] === listKey && issue.path[1] === others.length)
        .map((issue) => ({ ...issue, path: issue.path.slice(2) }));
      return issues.length > 0 ? { success: false, error: { issues } } : { success: true };
    },
  };
}

/**
 * The form's values with every untouched text field as '' (antd leaves it undefined), so the schema answers
 * with the field's own "cannot be empty" message rather than a type error.
 */
export function withEmptyText<T extends object>(values: T, fields: readonly string[]): T {
  const blanks = fields.filter((field) => Reflect.get(values, field) == null).map((field) => [field, '']);
  return { ...values, ...Object.fromEntries(blanks) };
}
