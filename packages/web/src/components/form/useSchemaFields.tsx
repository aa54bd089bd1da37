/**
 * The labelled fields of a form whose rules come from a protocol request schema (written once in
 * @edge/protocol, checked by the server too): `field(name, label, input)` is a Form.Item whose validator
 * asks the schema about the whole form and shows the first issue for that field in the user's language.
 * A name the schema does not know gets no rules (a switch, a choice with nothing to check).
 */
import type { ReactElement, ReactNode } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaFieldRules, type FieldRules, type RequestSchema } from '../schemaRules.ts';
import type { TKey } from '../../i18n/keys.ts';

export interface FieldOptions {
  extra?: ReactNode;
  /** A hint behind an icon beside the label. */
  tooltip?: ReactNode;
  /** Fields whose change checks this one again (a pair that must not repeat, a value another one allows). */
  dependencies?: string[];
  /** 'checked' for a switch or a checkbox. */
  valuePropName?: string;
  className?: string;
}

/** One labelled row of the form, checked by the schema's rules for its name. */
export type SchemaField = (
  name: string,
  /** null for a field without a label of its own (an inline form whose input names itself). */
  label: TKey | null,
  input: ReactElement,
  options?: FieldOptions,
) => ReactElement;

export interface SchemaFieldsOptions {
  /** The values the schema is asked about: the form's, shaped as the request (defaults to them as they are). */
  values: () => Record<string, unknown>;
  /** Stand-ins for fields still empty, so a cross-field rule can speak up early (schemaRules.fieldIssue). */
  placeholders?: Record<string, unknown>;
}

export function useSchemaFields<K extends string>(
  schema: RequestSchema,
  fields: readonly K[],
  { values, placeholders }: SchemaFieldsOptions,
): { field: SchemaField; rules: FieldRules<K> } {
  const { t } = useTranslation();
  const rules = schemaFieldRules(t, schema, fields, values, placeholders);
  const own = rules as Partial<Record<string, FieldRules<K>[K]>>;
  const field: SchemaField = (name, label, input, options = {}) => (
    <Form.Item
      name={name}
      label={label === null ? undefined : t(label)}
      rules={own[name]}
      extra={options.extra}
      tooltip={options.tooltip}
      dependencies={options.dependencies}
      valuePropName={options.valuePropName}
      className={options.className}
    >
      {input}
    </Form.Item>
  );
  return { field, rules };
}
