/**
 * The add/edit dialog of one row of a list: OK hands the form's values to `onSave` only once every rule
 * passes, so the rule messages show under the fields and nothing invalid leaves the dialog. An `onSave` that
 * applies at once (through a confirmation) returns its promise: OK shows it loading.
 */
import { useState, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { VERTICAL } from '../layout.ts';
import { useRevalidateOnLanguage } from '../useRevalidateOnLanguage.ts';

export function RowFormModal<T extends object>({
  title,
  name,
  okText,
  form,
  initialValues,
  'data-testid': testId,
  onSave,
  onCancel,
  children,
}: {
  title: string;
  /** The form's name: its fields' ids are `<name>_<field>`. */
  name?: string;
  /** The OK button's word; OK unless the dialog saves (Save). */
  okText?: string;
  form: FormInstance<T>;
  initialValues: Partial<T>;
  /** Prefix of the dialog's test hooks: `<prefix>-form`, `<prefix>-save`. */
  'data-testid': string;
  onSave: (values: T) => void | Promise<unknown>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  useRevalidateOnLanguage(form);
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await onSave(values);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={okText ?? t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': `${testId}-save` }}
      onCancel={onCancel}
      onOk={() => void save()}
    >
      <Form<T>
        form={form}
        name={name}
        layout={VERTICAL}
        initialValues={initialValues}
        data-testid={`${testId}-form`}
        onFinish={() => void save()}
      >
        {children}
      </Form>
    </Modal>
  );
}
