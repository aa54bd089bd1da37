/**
 * The agent's jump-to services (SPEC 7: the agent/jumptoservices calls): the device-local services a jump link may
 * reach through the tunnel, each with Jump (a link for the caller, opened beside the console) and Delete;
 * below them a row to add one. The console and the agent both refuse any other port.
 */
import { Button, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { JUMP_SERVICE_TYPES, type JumpService } from '@edge/protocol';
import { usePermission } from '../account/permissions.ts';
import { openJumpLink, useJumpToDevice } from '../terminal/api.ts';
import type { SectionContext } from './SectionFrame.tsx';
import { VERTICAL } from './document.ts';

const CREATE_PATH = 'agent/jumptoservices/create';
const DELETE_PATH = 'agent/jumptoservices/delete';

export function JumpServices({
  deviceId,
  services,
  apply,
  busy,
}: { deviceId: string; services: readonly JumpService[] } & Omit<SectionContext, 'view'>) {
  const { t } = useTranslation();
  const { manage } = usePermission('Inventory');
  const jump = useJumpToDevice();
  const [form] = Form.useForm<JumpService>();
  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }} data-testid="jump-services">
      <Typography.Text strong>{t('deviceSettings.general.jumpServices')}</Typography.Text>
      <Table<JumpService>
        size="small"
        rowKey="port"
        pagination={false}
        dataSource={[...services]}
        columns={[
          { title: t('deviceSettings.general.serviceName'), dataIndex: 'name' },
          { title: t('deviceSettings.general.serviceType'), dataIndex: 'type' },
          { title: t('deviceSettings.general.servicePort'), dataIndex: 'port' },
          {
            title: t('deviceSettings.actions'),
            render: (_, service) =>
              manage && (
                <Space>
                  <Button
                    size="small"
                    loading={jump.isPending}
                    data-testid={`jump-service-${service.port}-jump`}
                    onClick={() =>
                      jump.mutate(
                        { id: deviceId, port: service.port },
                        { onSuccess: ({ url }) => openJumpLink(url) },
                      )
                    }
                  >
                    {t('terminal.jump')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    data-testid={`jump-service-${service.port}-delete`}
                    onClick={() =>
                      void apply(
                        DELETE_PATH,
                        { port: service.port },
                        t('deviceSettings.general.serviceDeleteConfirm', { name: service.name }),
                      )
                    }
                  >
                    {t('deviceSettings.delete')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {manage && (
        <Form<JumpService>
          form={form}
          layout="inline"
          initialValues={{ type: 'HTTP' }}
          onFinish={(values) => void apply(CREATE_PATH, values).then((done) => done && form.resetFields())}
        >
          <Form.Item
            name="name"
            rules={[{ required: true, message: t('deviceSettings.general.serviceName') }]}
          >
            <Input placeholder={t('deviceSettings.general.serviceName')} data-testid="jump-service-name" />
          </Form.Item>
          <Form.Item name="type">
            <Select
              aria-label={t('deviceSettings.general.serviceType')}
              style={{ width: 110 }}
              options={JUMP_SERVICE_TYPES.map((type) => ({ value: type, label: type }))}
              data-testid="jump-service-type"
            />
          </Form.Item>
          <Form.Item
            name="port"
            rules={[{ required: true, message: t('deviceSettings.general.servicePort') }]}
          >
            <InputNumber
              min={1}
              max={65535}
              placeholder={t('deviceSettings.general.servicePort')}
              data-testid="jump-service-port"
            />
          </Form.Item>
          <Button htmlType="submit" loading={busy} data-testid="jump-service-add">
            {t('deviceSettings.general.serviceAdd')}
          </Button>
        </Form>
      )}
    </Space>
  );
}
