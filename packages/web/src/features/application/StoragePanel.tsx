/**
 * A device's volumes (size, how many apps use each) and network endpoints (SPEC 3: name, driver, driver
 * options): made and removed on the device's engine, each delete after a confirmation.
 */
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { messages, networkDrivers, type NetworkView, type VolumeView } from '@edge/protocol';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import {
  useCreateNetwork,
  useCreateVolume,
  useDeleteNetwork,
  useDeleteVolume,
  useNetworks,
  useVolumes,
} from './api.ts';
import { DeleteAction } from './DeleteAction.tsx';

const MB = 1024 * 1024;
const DELETED = { message: messages.deleted };
const SAVED = 'saved' as const;

/** "key=value" lines -> driver options. */
const optionsOf = (text: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (text ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')).trim(), line.slice(line.indexOf('=') + 1).trim()]),
  );

export function StoragePanel({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const { manage } = usePermission('Application');
  const { act } = useConfirmAct();
  const volumes = useVolumes(deviceId);
  const networks = useNetworks(deviceId);
  const createVolume = useCreateVolume();
  const deleteVolume = useDeleteVolume();
  const createNetwork = useCreateNetwork();
  const deleteNetwork = useDeleteNetwork();
  const [volumeForm] = Form.useForm<{ name: string }>();
  const [networkForm] = Form.useForm<{
    name: string;
    driver: (typeof networkDrivers)[number];
    options?: string;
  }>();

  const volumeColumns: ColumnsType<VolumeView> = [
    { title: t('application.fields.volumeName'), dataIndex: 'name', key: 'name' },
    {
      title: t('application.storage.size'),
      key: 'size',
      render: (_, v) => (v.sizeBytes === null ? '' : `${(v.sizeBytes / MB).toFixed(1)} MB`),
    },
    { title: t('application.storage.inUse'), dataIndex: 'inUse', key: 'inUse' },
    {
      title: t('application.columns.actions'),
      key: 'actions',
      render: (_, v) =>
        manage && (
          <DeleteAction
            question={t('application.confirm.deleteVolume')}
            remove={async () => {
              await deleteVolume.mutateAsync({ deviceId, name: v.name });
              return DELETED;
            }}
          />
        ),
    },
  ];
  const networkColumns: ColumnsType<NetworkView> = [
    { title: t('application.fields.name'), dataIndex: 'name', key: 'name' },
    { title: t('application.storage.driver'), dataIndex: 'driver', key: 'driver' },
    {
      title: t('application.storage.options'),
      key: 'options',
      render: (_, n) => Object.entries(n.options).map(([k, v]) => <Tag key={k}>{`${k}=${v}`}</Tag>),
    },
    { title: t('application.storage.subnet'), dataIndex: 'subnet', key: 'subnet' },
    {
      title: t('application.columns.actions'),
      key: 'actions',
      render: (_, n) =>
        n.builtIn ? (
          <Tag>{t('application.storage.builtIn')}</Tag>
        ) : (
          manage && (
            <DeleteAction
              question={t('application.confirm.deleteNetwork')}
              remove={async () => {
                await deleteNetwork.mutateAsync({ deviceId, name: n.name });
                return DELETED;
              }}
            />
          )
        ),
    },
  ];

  return (
    <div data-testid="storage-panel">
      <Space direction="vertical" className="application-storage">
        <strong>{t('application.fields.volumes')}</strong>
        {manage && (
          <Form
            form={volumeForm}
            layout="inline"
            onFinish={({ name }) =>
              void act({
                run: () => createVolume.mutateAsync({ deviceId, name }),
                done: messageText(t, SAVED),
                then: () => volumeForm.resetFields(),
              })
            }
          >
            <Form.Item name="name">
              <Input
                placeholder={t('application.fields.volumeName')}
                aria-label={t('application.fields.volumeName')}
              />
            </Form.Item>
            <Button htmlType="submit" icon={<PlusOutlined />}>
              {t('application.actions.add')}
            </Button>
          </Form>
        )}
        <Table<VolumeView>
          size="small"
          rowKey="name"
          dataSource={volumes.data?.volumes ?? []}
          loading={volumes.isLoading}
          columns={volumeColumns}
          pagination={false}
          scroll={SCROLL_X}
        />
        <strong>{t('application.storage.networks')}</strong>
        {manage && (
          <Form
            form={networkForm}
            layout="inline"
            initialValues={{ driver: networkDrivers[0] }}
            onFinish={({ name, driver, options }) =>
              void act({
                run: () => createNetwork.mutateAsync({ deviceId, name, driver, options: optionsOf(options) }),
                done: messageText(t, SAVED),
                then: () => networkForm.resetFields(),
              })
            }
          >
            <Form.Item name="name">
              <Input placeholder={t('application.fields.name')} aria-label={t('application.fields.name')} />
            </Form.Item>
            <Form.Item name="driver">
              <Select
                aria-label={t('application.storage.driver')}
                options={networkDrivers.map((d) => ({ value: d, label: d }))}
              />
            </Form.Item>
            <Form.Item name="options">
              <Input.TextArea
                rows={1}
                placeholder={t('application.storage.options')}
                aria-label={t('application.storage.options')}
              />
            </Form.Item>
            <Button htmlType="submit" icon={<PlusOutlined />}>
              {t('application.actions.add')}
            </Button>
          </Form>
        )}
        <Table<NetworkView>
          size="small"
          rowKey="name"
          dataSource={networks.data?.networks ?? []}
          loading={networks.isLoading}
          columns={networkColumns}
          pagination={false}
          scroll={SCROLL_X}
        />
      </Space>
    </div>
  );
}
