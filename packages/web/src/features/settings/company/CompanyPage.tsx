/** Settings > Company (SPEC 2, 3): every field of the company profile, checked with the protocol's companyRequest. */
import { useEffect } from 'react';
import { Button, Card, Col, Form, Input, Row, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyRequest, type Company, type CompanyRequest } from '@edge/protocol';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { usePermission } from '../../account/permissions.ts';
import { useCompany, useSaveCompany } from './api.ts';

type Values = Omit<CompanyRequest, 'status'> & { active: boolean };

const toValues = (c: Company): Values => ({
  name: c.name,
  address: c.address,
  contactName: c.contactName,
  contactEmail: c.contactEmail,
  contactPhone: c.contactPhone,
  postalCode: c.postalCode,
  description: c.description,
  notifyUserName: c.notifyUserName,
  businessAdministrationNumber: c.businessAdministrationNumber,
  active: c.status === 1,
});

const toRequest = ({ active, ...rest }: Partial<Values>): Record<string, unknown> => ({
  ...rest,
  status: active === false ? 0 : 1,
});

/** Field, its label key, and how wide it is on a large screen. */
const FIELDS = [
  ['name', 'company.name', 12],
  ['businessAdministrationNumber', 'company.businessAdministrationNumber', 12],
  ['contactName', 'company.contactName', 12],
  ['notifyUserName', 'company.notifyUserName', 12],
  ['contactEmail', 'company.contactEmail', 12],
  ['contactPhone', 'company.contactPhone', 12],
  ['address', 'company.address', 16],
  ['postalCode', 'company.postalCode', 8],
] as const;

const RULED = [...FIELDS.map(([field]) => field), 'description'] as const;

export function CompanyPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const { data } = useCompany();
  const save = useSaveCompany();
  const { manage } = usePermission('Company');
  const { act, busy } = useConfirmAct();

  useEffect(() => {
    if (data) form.setFieldsValue(toValues(data));
  }, [data, form]);

  const { field } = useSchemaFields(companyRequest, RULED, {
    values: () => toRequest(form.getFieldsValue(true)),
  });
  const submit = () =>
    act({
      confirm: { message: 'confirmEdit', kind: 'info' },
      run: () => save.mutateAsync(companyRequest.parse(toRequest(form.getFieldsValue(true)))),
      done: t('messages.saved'),
    });

  if (!data) return <Skeleton active />;
  return (
    <Card className="settings-card" title={t('company.title')}>
      <Form
        form={form}
        name="company"
        layout="vertical"
        requiredMark={false}
        disabled={!manage}
        onFinish={() => void submit()}
        data-testid="company-form"
      >
        <Row gutter={24}>
          {FIELDS.map(([name, label, span]) => (
            <Col key={name} xs={24} lg={span}>
              {field(name, label, <Input autoComplete="off" />)}
            </Col>
          ))}
          <Col xs={24}>{field('description', 'company.description', <Input.TextArea rows={3} />)}</Col>
          <Col xs={24}>
            {field(
              'active',
              'company.status',
              <Switch checkedChildren={t('company.active')} unCheckedChildren={t('company.inactive')} />,
              { valuePropName: 'checked' },
            )}
          </Col>
        </Row>
        {manage && (
          <Button type="primary" htmlType="submit" loading={busy} data-testid="company-save">
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
