/**
 * Provision (SPEC 2): the type selector (Discovery, the default), the devices waiting in Discovery with
 * Adopt, Re-Discover and Download Discovery data (CSV), and the provisioning list: upload a CSV of serials
 * that are adopted as soon as they ask to join, or remove one. The Discovery list is refreshed by the live
 * socket when it changes.
 */
import { useState } from 'react';
import { Alert, Button, Card, Select, Space, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import {
  CloudDownloadOutlined,
  DeleteOutlined,
  PlusCircleOutlined,
  SyncOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PROVISION_MAX_BYTES,
  discoveryListQuery,
  provisionTypes,
  type DiscoveryDeviceView,
  type ProvisionEntryView,
} from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { SCROLL_X, dateTimeCell } from '../../components/tableCells.tsx';
import { IconAction } from '../../components/table/IconAction.tsx';
import { SearchBox } from '../../components/table/SearchBox.tsx';
import { useUrlQuery } from '../../components/table/useUrlQuery.ts';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { actionsColumn } from './actionsColumn.tsx';
import { startProgress, toast } from '../../components/notifications/toast.ts';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import { serverText } from '../inventory/serverText.ts';
import {
  downloadDiscovery,
  useDeleteProvision,
  useDiscovery,
  useProvisionList,
  useRediscover,
  useUploadProvision,
} from './api.ts';
import { AdoptModal } from './AdoptModal.tsx';
import { useLiveDiscovery } from './useLiveDiscovery.ts';
import { EnrolSecretCard } from './EnrolSecretCard.tsx';
import { AdoptedConflictsCard } from './AdoptedConflictsCard.tsx';
import { RemoveSelectedButtons, SerialCell, useDiscoveryRemoval } from './DiscoveryRemoval.tsx';
import '../../components/page.css';
import { saveText } from '../../components/saveText.ts';
import './provision.css';

const CSV_TYPE = 'text/csv;charset=utf-8';

type ProvisionType = (typeof provisionTypes)[number];

const TYPE_SELECT_ID = 'provision-type-select';

export default function ProvisionModule() {
  const { t } = useTranslation();
  useLiveDiscovery();
  // The type and the Discovery search are kept in the address, read with the list's own query schema.
  const { query, update } = useUrlQuery(discoveryListQuery);
  const { manage } = usePermission('Provision');

  return (
    <div className="provision-page" data-testid="provision">
      <Space className="provision-type" align="center">
        <label className="provision-type-label" htmlFor={TYPE_SELECT_ID}>
          {t('provision.type')}
        </label>
        <Select<ProvisionType>
          id={TYPE_SELECT_ID}
          value={query.type}
          onChange={(type) => update({ type })}
          options={provisionTypes.map((p) => ({ value: p, label: t(`provision.types.${p}`) }))}
          popupMatchSelectWidth={false}
          data-testid="provision-type"
        />
      </Space>
      {manage && <EnrolSecretCard />}
      <AdoptedConflictsCard />
      {query.type === 'Discovery' && (
        <DiscoveryCard search={query.search ?? ''} onSearch={(search) => update({ search })} />
      )}
      <ProvisioningListCard />
    </div>
  );
}

function DiscoveryCard({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation();
  const { manage } = usePermission('Provision');
  const { data, isFetching } = useDiscovery(search);
  const rediscover = useRediscover();
  const [adopting, setAdopting] = useState<DiscoveryDeviceView | null>(null);
  const { act } = useConfirmAct();
  const downloading = useConfirmAct();
  const [selected, setSelected] = useState<string[]>([]);
  const removal = useDiscoveryRemoval(() => setSelected([]));
  const listed = new Set((data?.list ?? []).map((d) => d.id));
  // Selections of devices no longer listed (adopted, removed elsewhere) are not removed by mistake.
  const selectedListed = selected.filter((id) => listed.has(id));

  const download = () =>
    downloading.act({
      run: async () => saveText(await downloadDiscovery(), 'discovery.csv', CSV_TYPE),
      done: messageText(t, 'discoveryDownloaded'),
      toastErrors: 'apiRequestError',
    });

  return (
    <Card
      className="provision-card"
      title={
        <Space>
          {t('provision.discovery.title')}
          <Typography.Text type="secondary" data-testid="discovery-count">
            {t('provision.discovery.waiting', { count: data?.totalNumber ?? 0 })}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space wrap>
          <Button
            icon={<SyncOutlined />}
            loading={rediscover.isPending}
            onClick={() =>
              void act({
                run: () => rediscover.mutateAsync(),
                done: (answer) => serverText(t, answer.message),
              })
            }
            data-testid="rediscover"
          >
            {t('provision.discovery.rediscover')}
          </Button>
          <Button
            icon={<CloudDownloadOutlined />}
            loading={downloading.busy}
            onClick={() => void download()}
            data-testid="discovery-download"
          >
            {t('provision.discovery.download')}
          </Button>
          {manage && (
            <RemoveSelectedButtons
              selected={selectedListed}
              total={data?.totalNumber ?? 0}
              removal={removal}
            />
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('provision.discovery.hint')}</Typography.Paragraph>
      <Alert className="card-alert" type="warning" showIcon title={t('provision.discovery.applyWarning')} />
      <SearchBox
        value={search}
        className="provision-search"
        label={t('provision.discovery.search')}
        onSearch={onSearch}
        data-testid="discovery-search"
      />
      <PaginatedTable<DiscoveryDeviceView>
        rowKey="id"
        size="middle"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        scroll={SCROLL_X}
        data-testid="discovery-table"
        {...(manage && {
          rowSelection: {
            selectedRowKeys: selectedListed,
            onChange: (keys) => setSelected(keys.map(String)),
          },
        })}
        columns={[
          {
            key: 'id',
            dataIndex: 'id',
            title: t('provision.columns.id'),
            render: (v: string) => <code>{v}</code>,
          },
          {
            key: 'sn',
            dataIndex: 'sn',
            title: t('provision.columns.sn'),
            render: (_: string, device: DiscoveryDeviceView) => <SerialCell device={device} />,
          },
          { key: 'ifaceName', dataIndex: 'ifaceName', title: t('provision.columns.ifaceName') },
          {
            key: 'IP',
            dataIndex: 'IP',
            title: t('provision.columns.ip'),
            render: (v: string) => <bdi>{v}</bdi>,
          },
          { key: 'name', dataIndex: 'name', title: t('provision.columns.name') },
          { key: 'group', dataIndex: 'group', title: t('provision.columns.group') },
          { key: 'profile', dataIndex: 'profile', title: t('provision.columns.profile') },
          { key: 'model', dataIndex: 'model', title: t('provision.columns.model') },
          {
            key: 'createdAt',
            dataIndex: 'createdAt',
            title: t('provision.columns.createdAt'),
            render: dateTimeCell,
          },
          ...actionsColumn(manage, t, (device: DiscoveryDeviceView) => (
            <Space size="small">
              <Button
                size="small"
                type="primary"
                icon={<PlusCircleOutlined />}
                onClick={() => setAdopting(device)}
                data-testid={`adopt-${device.sn}`}
              >
                {t('provision.adopt.button')}
              </Button>
              <IconAction
                size="small"
                danger
                title={t('provision.discoveryRemove.remove')}
                icon={<DeleteOutlined />}
                onClick={() => void removal.one(device)}
                data-testid={`discovery-remove-${device.sn}`}
              />
            </Space>
          )),
        ]}
      />
      <AdoptModal device={adopting} onClose={() => setAdopting(null)} />
    </Card>
  );
}

function ProvisioningListCard() {
  const { t } = useTranslation();
  const { manage } = usePermission('Provision');
  const { data, isFetching } = useProvisionList();
  const upload = useUploadProvision();
  const remove = useDeleteProvision();
  const { act } = useConfirmAct();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const entries = (data?.list ?? []).filter(
    (e) => !needle || [e.serial, e.name, e.group, e.profile].some((f) => f.toLowerCase().includes(needle)),
  );

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const csv = file as File;
    if (csv.size > PROVISION_MAX_BYTES) {
      toast.error(messageText(t, 'fileTooLarge'));
      onError?.(new Error('too large'));
      return;
    }
    const job = startProgress('upload', csv.name);
    upload
      .mutateAsync({
        file: csv,
        onProgress: (percent) => {
          job.update(Math.min(percent, 99));
          onProgress?.({ percent });
        },
      })
      .then((answer) => {
        job.update(100);
        toast.success(serverText(t, answer.message));
        toast.info(
          t('provision.upload.result', {
            listed: t('provision.upload.listed', { count: answer.provisioned }),
            adopted: t('provision.upload.adopted', { count: answer.adopted }),
          }),
        );
        onSuccess?.(answer);
      })
      .catch((error: unknown) => {
        job.fail();
        onError?.(error instanceof Error ? error : new Error(String(error)));
      });
  };

  const deleteEntry = (entry: ProvisionEntryView) =>
    act({
      confirm: {
        message: t('provision.upload.confirmDelete', { serial: entry.serial }),
        danger: true,
        okText: t('provision.upload.delete'),
      },
      run: () => remove.mutateAsync(entry.serial),
      done: (answer) => serverText(t, answer.message),
    });

  return (
    <Card
      className="provision-card"
      title={t('provision.upload.title')}
      extra={
        manage && (
          <Upload accept=".csv,text/csv" showUploadList={false} customRequest={customRequest} maxCount={1}>
            <Button
              type="primary"
              icon={<UploadOutlined />}
              loading={upload.isPending}
              data-testid="provision-upload"
            >
              {t('provision.upload.button')}
            </Button>
          </Upload>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('provision.upload.hint')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('provision.claim.hint')}</Typography.Paragraph>
      <SearchBox
        live
        className="provision-search"
        label={t('provision.upload.search')}
        onSearch={setFilter}
        data-testid="provision-search"
      />
      <PaginatedTable<ProvisionEntryView>
        rowKey="serial"
        size="middle"
        loading={isFetching && !data}
        dataSource={entries}
        scroll={SCROLL_X}
        data-testid="provision-table"
        columns={[
          { key: 'serial', dataIndex: 'serial', title: t('provision.upload.serial') },
          { key: 'name', dataIndex: 'name', title: t('provision.upload.name') },
          { key: 'group', dataIndex: 'group', title: t('provision.upload.group') },
          { key: 'profile', dataIndex: 'profile', title: t('provision.upload.profile') },
          {
            key: 'hasClaimCode',
            dataIndex: 'hasClaimCode',
            title: t('provision.claim.column'),
            render: (listed: boolean) => (listed ? t('provision.claim.listed') : t('provision.claim.none')),
          },
          ...actionsColumn(manage, t, (entry: ProvisionEntryView) => (
            <IconAction
              size="small"
              danger
              title={t('provision.upload.delete')}
              icon={<DeleteOutlined />}
              onClick={() => void deleteEntry(entry)}
              data-testid={`provision-delete-${entry.serial}`}
            />
          )),
        ]}
      />
    </Card>
  );
}
