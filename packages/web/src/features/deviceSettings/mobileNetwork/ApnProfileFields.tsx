/**
 * The fields of one APN profile (SPEC 3: name, APN, user name, password, auth, proxy, bound SIM, country,
 * operator, profile type), each checked against the protocol's `apnProfile` schema so the form says
 * exactly what the API would refuse. A pnp profile needs no APN or credentials: those fields hide.
 */
import { Form, Input, Select, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { apnAuths, apnProfile, apnProfileTypes, simSlots } from '@edge/protocol';
import { schemaFieldRules } from '../../../components/schemaRules.ts';

const FIELDS = ['name', 'type', 'apn', 'username', 'password', 'auth'] as const;
/** Lets the credential and APN rules (refinements) speak while the name is still empty. */
const PLACEHOLDERS = { name: 'profile' };
const WIDE = { minWidth: 200 } as const;

/** `form` holds an ApnProfile (and may hold more: the fields of the form around these). */
export function ApnProfileFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const type = Form.useWatch('type', form);
  const rules = schemaFieldRules(t, apnProfile, FIELDS, () => form.getFieldsValue(true), PLACEHOLDERS);
  const needsApn = type !== 'pnp';
  // The credential rule is reported on the user name; password and auth changes must re-check it.
  const recheck = ['username', 'password', 'auth', 'type'] as const;

  return (
    <Space wrap size="large" align="start">
      <Form.Item name="name" label={t('deviceSettings.mobileNetwork.fields.name')} rules={rules.name}>
        <Input style={WIDE} data-testid="apn-name" />
      </Form.Item>
      <Form.Item name="type" label={t('deviceSettings.mobileNetwork.fields.type')} rules={rules.type}>
        <Select
          style={WIDE}
          data-testid="apn-type"
          options={apnProfileTypes.map((v) => ({
            value: v,
            label: t(`deviceSettings.mobileNetwork.types.${v}`),
          }))}
        />
      </Form.Item>
      {needsApn && (
        <>
          <Form.Item
            name="apn"
            label={t('deviceSettings.mobileNetwork.fields.apn')}
            rules={rules.apn}
            dependencies={['type']}
          >
            <Input style={WIDE} data-testid="apn-apn" />
          </Form.Item>
          <Form.Item
            name="username"
            label={t('deviceSettings.mobileNetwork.fields.username')}
            rules={rules.username}
            dependencies={recheck.filter((f) => f !== 'username')}
          >
            <Input style={WIDE} data-testid="apn-username" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('deviceSettings.mobileNetwork.fields.password')}
            rules={rules.password}
          >
            <Input.Password style={WIDE} data-testid="apn-password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="auth" label={t('deviceSettings.mobileNetwork.fields.auth')} rules={rules.auth}>
            <Select
              style={WIDE}
              data-testid="apn-auth"
              options={apnAuths.map((v) => ({
                value: v,
                label: v || t('deviceSettings.mobileNetwork.authNone'),
              }))}
            />
          </Form.Item>
        </>
      )}
      <Form.Item name="proxy" label={t('deviceSettings.mobileNetwork.fields.proxy')}>
        <Input style={WIDE} data-testid="apn-proxy" />
      </Form.Item>
      <Form.Item name="sim" label={t('deviceSettings.mobileNetwork.fields.sim')}>
        <Select
          style={WIDE}
          data-testid="apn-sim"
          options={['' as const, ...simSlots].map((v) => ({
            value: v,
            label: v ? t(`deviceSettings.mobileNetwork.sims.${v}`) : t('deviceSettings.mobileNetwork.simAny'),
          }))}
        />
      </Form.Item>
      <Form.Item name="country" label={t('deviceSettings.mobileNetwork.fields.country')}>
        <Input style={WIDE} data-testid="apn-country" />
      </Form.Item>
      <Form.Item name="operator" label={t('deviceSettings.mobileNetwork.fields.operator')}>
        <Input style={WIDE} data-testid="apn-operator" />
      </Form.Item>
    </Space>
  );
}
