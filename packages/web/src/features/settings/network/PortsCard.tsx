/**
 * The ports the console is served on and HTTPS (SPEC 2 Network interfaces: HTTP/HTTPS port). Saving moves
 * the listeners at once; when this page's own port moved, the browser follows to the new address (the
 * session cookie holds there too).
 */
import { useEffect } from 'react';
import { Button, Card, Col, Form, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { networkPorts, type NetworkPorts, type NetworkState } from '@edge/protocol';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { useSavePorts } from './api.ts';
import { CertificateCard } from './CertificateCard.tsx';

const FIELDS = ['httpPort', 'httpsPort', 'httpsEnabled', 'redirectHttp'] as const;

/** Where this page answers after the save, when it is not where the browser is now. */
function movedTo(saved: NetworkPorts): string | null {
  const here = new URL(window.location.href);
  const port = here.protocol === 'https:' ? saved.httpsPort : saved.httpPort;
  const open = here.protocol === 'https:' ? saved.httpsEnabled : true;
  if (!open || String(port) === (here.port || (here.protocol === 'https:' ? '443' : '80'))) return null;
  here.port = String(port);
  return here.toString();
}

export function PortsCard({ state, manage }: { state: NetworkState; manage: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NetworkPorts>();
  useRevalidateOnLanguage(form);
  const save = useSavePorts();
  const { act, busy } = useConfirmAct();
  const values = () => form.getFieldsValue(true) as Record<string, unknown>;
  const { field } = useSchemaFields(networkPorts, FIELDS, { values });
  const { certificate, ...ports } = state.ports;
  // The state is read again every few seconds while a change is pending: the form starts over only when the ports changed.
  const shown = JSON.stringify(ports);
  useEffect(() => form.setFieldsValue(JSON.parse(shown) as NetworkPorts), [form, shown]);

  const submit = () =>
    act({
      confirm: { message: t('network.confirmPorts'), okText: t('common.save'), kind: 'warning' },
      run: () => save.mutateAsync(networkPorts.parse(values())),
      done: messageText(t, 'networkPortsSaved'),
      then: (saved) => {
        const url = movedTo(saved.ports);
        if (url) window.location.assign(url);
      },
    });

  const port = <InputNumber className="full-width" precision={0} controls={false} />;
  return (
    <Card className="settings-card" title={t('network.ports')} data-testid="network-ports">
      <Form
        form={form}
        name="network-ports"
        layout="vertical"
        requiredMark={false}
        disabled={!manage}
        onFinish={() => void submit()}
      >
        <Row gutter={24}>
          <Col xs={12} lg={6}>
            {field('httpPort', 'network.httpPort', port)}
          </Col>
          <Col xs={12} lg={6}>
            {field('httpsPort', 'network.httpsPort', port)}
          </Col>
          <Col xs={12} lg={6}>
            {field('httpsEnabled', 'network.httpsEnabled', <Switch data-testid="network-https" />, {
              valuePropName: 'checked',
            })}
          </Col>
          <Col xs={12} lg={6}>
            {field('redirectHttp', 'network.redirectHttp', <Switch />, { valuePropName: 'checked' })}
          </Col>
        </Row>
        {manage && (
          <Button type="primary" htmlType="submit" loading={busy} data-testid="network-ports-save">
            {t('common.save')}
          </Button>
        )}
      </Form>
      <CertificateCard certificate={certificate} manage={manage} />
    </Card>
  );
}
