/**
 * Settings > SMTP (SPEC 2, 3, 5): host, port 1-65535, account, password, sender, receiver and a test send.
 * The password is write-only: the server never sends it back, and leaving the field empty keeps the stored one.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Skeleton, Space, Switch } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { messages, smtpRequest, type SmtpRequest, type SmtpSettings } from '@edge/protocol';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { toast } from '../../../components/notifications/toast.ts';
import { errorText } from '../../../api/errorText.ts';
import { isApiError } from '../../../api/ApiError.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { usePermission } from '../../account/permissions.ts';
import { useSaveSmtp, useSmtp, useTestSmtp } from './api.ts';

const FIELDS = [
  'smtpHostAddress',
  'port',
  'account',
  'password',
  'sender',
  'userName',
  'receiverAddress',
] as const;

type Values = Omit<SmtpRequest, 'port'> & { port?: number | null };

const toValues = (s: SmtpSettings): Values => ({
  smtpHostAddress: s.smtpHostAddress,
  port: s.configured ? s.port : 587,
  secure: s.secure,
  account: s.account,
  password: '',
  sender: s.sender,
  userName: s.userName,
  receiverAddress: s.receiverAddress,
});

/** The failure in the user's words, plus what the mail server said (the server appends it to the English text). */
function testFailureText(t: TFunction, e: unknown): string {
  const text = errorText(t, e, 'applyError');
  if (!isApiError(e) || !e.errCode) return text;
  const base = messages[e.errCode];
  const detail = e.errMessage.startsWith(base) ? e.errMessage.slice(base.length).trim() : '';
  return detail ? `${text} ${detail}` : text;
}

/** An empty password field is left out of the request: the stored password stays. */
const toRequest = ({ password, ...rest }: Partial<Values>): Record<string, unknown> => ({
  ...rest,
  ...(password ? { password } : {}),
});

export function SmtpPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const { data } = useSmtp();
  const save = useSaveSmtp();
  const test = useTestSmtp();
  const { manage } = usePermission('SMTPServer');
  const { act, busy } = useConfirmAct();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (data) form.setFieldsValue(toValues(data));
  }, [data, form]);

  const values = () => toRequest(form.getFieldsValue(true));
  const { field } = useSchemaFields(smtpRequest, FIELDS, { values });

  const submit = () =>
    act({
      // Says what saving does here (no device involved), in words of its own rather than a device code.
      confirm: { message: t('smtp.confirmSave'), okText: t('common.save'), kind: 'info' },
      run: () => save.mutateAsync(smtpRequest.parse(values())),
      done: t('messages.saved'),
      then: () => form.setFieldValue('password', ''),
    });

  const sendTest = async () => {
    setResult(null);
    try {
      await test.mutateAsync(undefined);
      const text = messageText(t, 'smtpTestSent');
      setResult({ ok: true, text });
      toast.success(text);
    } catch (e) {
      const text = testFailureText(t, e);
      setResult({ ok: false, text });
      toast.error(text);
    }
  };

  if (!data) return <Skeleton active />;
  const notConfigured = messageText(t, 'smtpNotConfigured');
  return (
    <Card className="settings-card" title={t('smtp.title')}>
      {!data.configured && <Alert type="info" showIcon className="card-alert" title={notConfigured} />}
      <Form
        form={form}
        name="smtp"
        layout="vertical"
        requiredMark={false}
        disabled={!manage}
        onFinish={() => void submit()}
        data-testid="smtp-form"
      >
        <Row gutter={24}>
          <Col xs={24} lg={13}>
            {field('smtpHostAddress', 'smtp.host', <Input autoComplete="off" />)}
          </Col>
          <Col xs={12} lg={5}>
            {field(
              'port',
              'smtp.port',
              <InputNumber className="full-width" precision={0} controls={false} />,
            )}
          </Col>
          <Col xs={12} lg={6}>
            {field('secure', 'smtp.secure', <Switch />, {
              valuePropName: 'checked',
              tooltip: t('smtp.secureHint'),
            })}
          </Col>
          <Col xs={24} lg={12}>
            {field('account', 'smtp.account', <Input autoComplete="off" />)}
          </Col>
          <Col xs={24} lg={12}>
            {field(
              'password',
              'smtp.password',
              <Input.Password
                autoComplete="new-password"
                placeholder={data.hasPassword ? t('smtp.passwordUnchanged') : undefined}
              />,
              { extra: data.hasPassword ? t('smtp.passwordKept') : t('smtp.passwordNone') },
            )}
          </Col>
          <Col xs={24} lg={12}>
            {field('sender', 'smtp.sender', <Input autoComplete="off" />)}
          </Col>
          <Col xs={24} lg={12}>
            {field('userName', 'smtp.senderName', <Input autoComplete="off" />)}
          </Col>
          <Col xs={24} lg={12}>
            {field('receiverAddress', 'smtp.receiver', <Input autoComplete="off" />)}
          </Col>
        </Row>
        {result && (
          <Alert
            type={result.ok ? 'success' : 'error'}
            showIcon
            className="card-alert"
            title={result.text}
            data-testid="smtp-test-result"
          />
        )}
        {manage && (
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="smtp-save">
              {t('common.save')}
            </Button>
            <Button
              icon={<SendOutlined />}
              onClick={() => void sendTest()}
              loading={test.isPending}
              disabled={!data.configured}
              data-testid="smtp-test"
            >
              {t('smtp.testSend')}
            </Button>
            <span className="smtp-test-hint">{t('smtp.testHint')}</span>
          </Space>
        )}
      </Form>
    </Card>
  );
}
