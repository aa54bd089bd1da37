/**
 * The sales support form (SPEC 2): first and last name, contact name, e-mail, phone, licence type, amount,
 * length of authorization and project description, checked by the protocol's salesRequest and sent by
 * the console's SMTP server.
 */
import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SALES_LENGTHS, SALES_LICENSE_TYPES, salesRequest, type SalesRequest } from '@edge/protocol';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../components/useRevalidateOnLanguage.ts';
import { serverText } from '../inventory/serverText.ts';
import { useSendSales } from './api.ts';

const FIELDS = [
  'firstName',
  'lastName',
  'contactName',
  'email',
  'phone',
  'licenseType',
  'amount',
  'months',
  'description',
] as const;

export function SalesForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SalesRequest>();
  useRevalidateOnLanguage(form);
  const send = useSendSales();
  const { act, busy } = useConfirmAct();
  const values = () => form.getFieldsValue(true) as Record<string, unknown>;
  const { field } = useSchemaFields(salesRequest, FIELDS, { values });

  const submit = async () => {
    await form.validateFields();
    await act({
      run: () => send.mutateAsync(salesRequest.parse(values())),
      done: (answer) => serverText(t, answer.message),
      then: () => {
        form.resetFields();
        onClose();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('license.sales.open')}
      okText={t('license.sales.send')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="sales-form"
    >
      <Typography.Paragraph type="secondary">{t('license.sales.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="sales"
        initialValues={{ amount: 1, months: 12 }}
      >
        {field('firstName', 'license.sales.firstName', <Input autoComplete="given-name" />)}
        {field('lastName', 'license.sales.lastName', <Input autoComplete="family-name" />)}
        {field('contactName', 'license.sales.contactName', <Input />)}
        {field('email', 'license.sales.email', <Input autoComplete="email" />)}
        {field('phone', 'license.sales.phone', <Input autoComplete="tel" />)}
        {field(
          'licenseType',
          'license.sales.licenseType',
          <Select
            options={SALES_LICENSE_TYPES.map((type) => ({
              value: type,
              label: t(`license.sales.types.${type}`),
            }))}
          />,
        )}
        {field(
          'amount',
          'license.sales.amount',
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />,
        )}
        {field(
          'months',
          'license.sales.months',
          <Select options={SALES_LENGTHS.map((months) => ({ value: months, label: String(months) }))} />,
        )}
        {field('description', 'license.sales.description', <Input.TextArea rows={4} />)}
      </Form>
    </Modal>
  );
}
