/**
 * One interface of the console host: what it holds now, and the form that changes it (SPEC 2 Network
 * interfaces, SPEC 5's rules). Applying asks first and says that the change needs confirming in time.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DNS_MODES,
  IPV4_MODES,
  IPV6_MODES,
  NETWORK_CONFIRM_DEFAULT_S,
  type NetworkState,
} from '@edge/protocol';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { useApplyNetwork } from './api.ts';
import { INTERFACE_FIELDS, flatten, interfaceSchema, nest, type FlatValues } from './interfaceForm.ts';

type Mode = (typeof IPV4_MODES)[number] | (typeof IPV6_MODES)[number] | (typeof DNS_MODES)[number];

const addressList = (list: { address: string; prefix: number }[]) =>
  list.map((a) => (
    <Tag key={a.address} dir="ltr">
      {a.address}/{a.prefix}
    </Tag>
  ));

export function InterfaceCard({ state, manage }: { state: NetworkState; manage: boolean }) {
  const { t } = useTranslation();
  const [name, setName] = useState(state.interfaces[0]?.name ?? '');
  const [form] = Form.useForm<FlatValues>();
  useRevalidateOnLanguage(form);
  const [confirmSeconds, setConfirmSeconds] = useState(NETWORK_CONFIRM_DEFAULT_S);
  const apply = useApplyNetwork();
  const { act, busy } = useConfirmAct();
  const item = state.interfaces.find((i) => i.name === name);
  const schema = useMemo(() => interfaceSchema(name, state.interfaces), [name, state.interfaces]);
  const values = () => form.getFieldsValue(true) as FlatValues;
  const { field } = useSchemaFields(schema, INTERFACE_FIELDS, { values });
  const ipv4 = Form.useWatch('ipv4.status', form) as string | undefined;
  const ipv6 = Form.useWatch('ipv6.status', form) as string | undefined;
  const dns = Form.useWatch('dns.status', form) as string | undefined;

  // Chosen interface, or the console's stored settings of it, changed: the form starts from them again.
  const itemConfig = item && JSON.stringify([item.name, item.config]);
  useEffect(() => {
    if (item) form.setFieldsValue(flatten(item));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- itemConfig is item's identity for the form
  }, [itemConfig, form]);

  if (!item) return <Card title={t('network.title')}>{t('common.noData')}</Card>;

  const submit = () =>
    act({
      confirm: {
        message: t('network.confirmApply', { seconds: confirmSeconds }),
        okText: t('network.apply'),
        kind: 'warning',
      },
      run: () => apply.mutateAsync({ config: nest(name, values()), confirmSeconds }),
      done: messageText(t, 'networkApplied'),
    });

  const modes = (list: readonly Mode[]) =>
    list.map((mode) => ({ value: mode, label: t(`network.mode.${mode}`) }));
  const address = <Input autoComplete="off" dir="ltr" />;
  const backendMissing = messageText(t, 'networkBackendMissing');

  return (
    <Card className="settings-card" title={t('network.title')} data-testid="network-interface">
      {!state.canApply && <Alert type="warning" showIcon className="card-alert" title={backendMissing} />}
      <Row gutter={24}>
        <Col xs={24} lg={10}>
          <Form.Item label={t('network.interface')}>
            <Select
              value={name}
              onChange={setName}
              options={state.interfaces.map((i) => ({ value: i.name, label: i.name }))}
              data-testid="network-interface-select"
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={14}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('network.mac')}>
              <span dir="ltr">{item.mac || t('network.none')}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('network.link')}>
              <Tag color={item.up ? 'green' : 'default'}>{item.up ? t('network.up') : t('network.down')}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('network.addressesNow')}>
              <span data-testid="network-addresses">
                {item.ipv4.length + item.ipv6.length === 0
                  ? t('network.none')
                  : addressList([...item.ipv4, ...item.ipv6])}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('network.gatewayNow')}>
              <span dir="ltr">{state.gateway4 ?? t('network.none')}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('network.dnsNow')}>
              <span dir="ltr">{state.dns.join(', ') || t('network.none')}</span>
            </Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
      <Form
        form={form}
        name="network-interface"
        layout="vertical"
        requiredMark={false}
        disabled={!manage || !state.canApply || state.pending !== null}
        onFinish={() => void submit()}
      >
        <Row gutter={24}>
          <Col xs={24} lg={8}>
            <h4>{t('network.ipv4')}</h4>
            {field('ipv4.status', null, <Radio.Group optionType="button" options={modes(IPV4_MODES)} />)}
            {ipv4 === 'static' && (
              <>
                {field('ipv4.iPAddress', 'network.ipAddress', address)}
                {field('ipv4.mask', 'network.mask', address)}
                {field('ipv4.gateway', 'network.gateway', address)}
              </>
            )}
          </Col>
          <Col xs={24} lg={8}>
            <h4>{t('network.ipv6')}</h4>
            {field('ipv6.status', null, <Select options={modes(IPV6_MODES)} />)}
            {ipv6 === 'static' && (
              <>
                {field('ipv6.iPAddress', 'network.ipAddress', address)}
                {field(
                  'ipv6.prefixLength',
                  'network.prefixLength',
                  <InputNumber className="full-width" precision={0} controls={false} />,
                )}
                {field('ipv6.gateway', 'network.gateway', address)}
              </>
            )}
          </Col>
          <Col xs={24} lg={8}>
            <h4>{t('network.dns')}</h4>
            {field('dns.status', null, <Radio.Group optionType="button" options={modes(DNS_MODES)} />)}
            {dns === 'manual' && (
              <>
                {field('dns.primaryDNSServer', 'network.primaryDns', address)}
                {field('dns.secondaryDNSServer', 'network.secondaryDns', address)}
              </>
            )}
          </Col>
        </Row>
        <Form.Item label={t('network.confirmSeconds')} extra={t('network.confirmSecondsHint')}>
          <InputNumber
            min={5}
            max={600}
            precision={0}
            value={confirmSeconds}
            onChange={(v) => setConfirmSeconds(v ?? NETWORK_CONFIRM_DEFAULT_S)}
            data-testid="network-confirm-seconds"
          />
        </Form.Item>
        {manage && (
          <Button type="primary" htmlType="submit" loading={busy} data-testid="network-apply">
            {t('network.apply')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
