/**
 * The add/edit dialog every SD-WAN list shares: a form whose rules are the protocol request schema's
 * (useSchemaFields), saved with a confirmation for edits (SPEC 8) and the server's message as toast.
 * The form is filled when the dialog opens and only then: rendering it again while open (a live push)
 * leaves its fields, and an open list of a field, as they are (a reset would remount every field).
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RequestSchema } from '../../components/schemaRules.ts';
import { useSchemaFields, type SchemaField } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';

export interface EntityModalProps {
  open: boolean;
  title: string;
  schema: RequestSchema;
  fields: readonly string[];
  initial: Record<string, unknown>;
  /** The form's values shaped as the request. */
  shape?: (values: Record<string, unknown>) => Record<string, unknown>;
  editing: boolean;
  save: (request: Record<string, unknown>) => Promise<{ message: string }>;
  onClose: () => void;
  children: (field: SchemaField) => ReactElement;
}

export function EntityModal(props: EntityModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { act, busy } = useConfirmAct();
  const shape = props.shape ?? ((v) => v);
  const { field } = useSchemaFields(props.schema, props.fields, {
    values: () => shape({ ...props.initial, ...form.getFieldsValue() }),
  });
  const wasOpen = useRef(false);
  useEffect(() => {
    if (props.open && !wasOpen.current) {
      form.resetFields();
      form.setFieldsValue(props.initial);
    }
    wasOpen.current = props.open;
  }, [props.open, props.initial, form]);

  const submit = async () => {
    const values = shape({ ...props.initial, ...(await form.validateFields()) });
    await act({
      confirm: props.editing ? { message: t('sdwan.confirmEdit') } : undefined,
      run: () => props.save(values),
      done: (answer) => answer.message,
      then: props.onClose,
    });
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('common.save')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        {props.children(field)}
      </Form>
    </Modal>
  );
}
