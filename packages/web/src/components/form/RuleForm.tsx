/**
 * The add/edit dialog of one row of a list (a rule of a settings table), every field checked with the
 * protocol's schema of the whole list (the row put among the other rows), so the SPEC 5 messages and the
 * duplicate checks show under their fields in the protocol's words. Fields the dialog does not show (fixed
 * values, a field hidden for this action) keep the value they started with.
 */
import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import type { FieldRules, RequestSchema } from '../schemaRules.ts';
import { RowFormModal } from './RowFormModal.tsx';
import { rowInSection } from './rowSchema.ts';
import { useSchemaFields, type SchemaField } from './useSchemaFields.tsx';

export interface RuleFormFields<T, K extends string> {
  field: SchemaField;
  rules: FieldRules<K>;
  form: FormInstance<T>;
}

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
  const [form] = Form.useForm<T>();
  const values = () => ({ ...initialValues, ...(form.getFieldsValue(true) as Partial<T>) });
  const { field, rules } = useSchemaFields(rowInSection(section, listKey, others, rest), fields, { values });
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
