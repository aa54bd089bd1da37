/**
 * The add/edit dialog of one rule, every field checked with the protocol's section schema (the row put among
 * the section's other rows), so the SPEC 5 messages and the duplicate checks show under their fields in the
 * protocol's words. Fields the dialog does not show (fixed values, a field hidden for this action) keep the
 * value they started with.
 */

export interface FieldOptions {
  extra?: ReactNode;
  /** Fields whose change checks this one again (a pair that must not repeat, a value another one allows). */
  dependencies?: string[];
}

/** One labelled row of the dialog, checked by the schema's rules for its name. */
export type RuleField = (
  name: string,
  label: TKey,
  input: ReactElement,
  options?: FieldOptions,
) => ReactElement;

export interface RuleFormFields<T, K extends string> {
  field: RuleField;
  rules: FieldRules<K>;
  form: FormInstance<T>;
}
import type { ReactElement, ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaFieldRules, type FieldRules, type RequestSchema } from '../../../components/schemaRules.ts';
import { RowFormModal } from '../RowFormModal.tsx';
import { rowInSection } from '../rowSchema.ts';
import type { TKey } from '../../../i18n/keys.ts';

export function RuleForm<T extends object, K extends string>({
  title,
  'data-testid': testId,
  section,
  listKey,
  others,
  rest,
  fields,
  initialValues,
  onSave,
  onCancel,
  children,
}: {
  title: string;
  'data-testid': string;
  /** The protocol schema of the whole section and the key of the list the row belongs to. */
  section: RequestSchema;
  listKey: string;
  others: readonly T[];
  /** The rest of the section's document, for schemas that check the list against it. */
  rest?: Record<string, unknown>;
  fields: readonly K[];
  initialValues: Partial<T>;
  onSave: (row: T) => void;
  onCancel: () => void;
  children: (fields: RuleFormFields<T, K>) => ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<T>();
  const values = () => ({ ...initialValues, ...(form.getFieldsValue(true) as Partial<T>) });
  const rules = schemaFieldRules(t, rowInSection(section, listKey, others, rest), fields, values);
  const field: RuleField = (name, label, input, options = {}) => (
    <Form.Item
      name={name}
      label={t(label)}
      rules={(rules as Partial<Record<string, FieldRules<K>[K]>>)[name]}
      extra={options.extra}
      dependencies={options.dependencies}
    >
      {input}
    </Form.Item>
  );
  return (
    <RowFormModal<T>
      title={title}
      form={form}
      initialValues={initialValues}
      data-testid={testId}
      onSave={(saved) => onSave({ ...initialValues, ...saved } as T)}
      onCancel={onCancel}
    >
      {children({ field, rules, form })}
    </RowFormModal>
  );
}
