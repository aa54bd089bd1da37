/**
 * The Backup app (SPEC 1 Backup module; 2 backup now, latest backup, choose from backup history, upload
 * backup file, restore, delete backup file; 4 restore not interruptible, device restarts, factory default):
 * every device with its latest backup; back up one device or a selection (job backup.device, the one
 * Schedule's type 6 runs too); per device its history; how many backups each device keeps.
 */
import { useState } from 'react';
import { Button, Card, Form, InputNumber, Space, Tag, Typography } from 'antd';
import { ClearOutlined, CloudUploadOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BACKUP_KEEP_MAX, type BackupDeviceView } from '@edge/protocol';
import { DateText } from '../../components/DateText.tsx';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { IconAction } from '../../components/table/IconAction.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import { formatBytes } from '../inventory/format.ts';
import { JobProgress } from '../jobs/JobProgress.tsx';
import { useLiveJob } from '../jobs/useLiveJob.ts';
import {
  useBackupDevices,
  useBackupNow,
  useBackupSettings,
  useFactoryDefault,
  useSaveBackupSettings,
} from './api.ts';
import { BackupHistory } from './BackupHistory.tsx';
import { RestoreProgress } from './RestoreProgress.tsx';
import '../../components/page.css';
import './backup.css';

const SECONDS = 'seconds';

function KeepSetting({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const settings = useBackupSettings();
  const save = useSaveBackupSettings();
  const { act } = useConfirmAct();
  const [keep, setKeep] = useState<number | null>(null);
  const shown = keep ?? settings.data?.keep ?? null;
  const saveKeep = () =>
    act({
      run: () => save.mutateAsync({ keep: keep! }),
      done: messageText(t, 'backupSettingsSaved'),
      then: () => setKeep(null),
    });
  return (
    <Form layout="inline" className="backup-keep">
      <Form.Item label={t('backup.keep')} tooltip={t('backup.keepHint')}>
        <InputNumber
          min={1}
          max={BACKUP_KEEP_MAX}
          value={shown}
          disabled={!manage}
          onChange={(v) => setKeep(v)}
          data-testid="backup-keep"
        />
      </Form.Item>
      {manage && (
        <Button
          icon={<SaveOutlined />}
          disabled={keep === null}
          loading={save.isPending}
          data-testid="backup-keep-save"
          onClick={() => void saveKeep()}
        >
          {t('backup.save')}
        </Button>
      )}
    </Form>
  );
}

export default function BackupModule() {
  const { t } = useTranslation();
  const { manage } = usePermission('Backup');
  const devices = useBackupDevices();
  const backupNow = useBackupNow();
  const factory = useFactoryDefault();
  const { act } = useConfirmAct();
  const [selected, setSelected] = useState<string[]>([]);
  const [backupJob, setBackupJob] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<{ jobId: number; name: string } | null>(null);
  const backupLive = useLiveJob(backupJob);
  const list = devices.data ?? [];
  const nameOf = (id: string) => list.find((d) => d.id === id)?.name ?? id;

  const startBackup = (deviceIds: string[]) =>
    act({
      run: () => backupNow.mutateAsync(deviceIds),
      done: messageText(t, 'backupStarted'),
      then: ({ jobId }) => setBackupJob(jobId),
    });

  const factoryDefault = (d: BackupDeviceView) =>
    act({
      confirm: { message: 'confirmFactoryDefault', danger: true, okText: t('backup.factoryDefault') },
      run: () => factory.mutateAsync(d.id),
      then: ({ jobId }) => setRestoring({ jobId, name: d.name }),
    });

  return (
    <div className="settings-stack">
      <Card
        className="settings-card"
        title={t('backup.title')}
        extra={
          manage && (
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              disabled={selected.length === 0}
              loading={backupNow.isPending}
              data-testid="backup-selected"
              onClick={() => void startBackup(selected)}
            >
              {t('backup.backupSelected', { count: selected.length })}
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('backup.intro')}</Typography.Paragraph>
        <KeepSetting manage={manage} />
        {backupJob !== null && (
          <div className="backup-job" data-testid="backup-job">
            <JobProgress live={backupLive} deviceName={nameOf} />
          </div>
        )}
        <PaginatedTable<BackupDeviceView>
          rowKey="id"
          size="middle"
          loading={devices.isLoading}
          dataSource={list}
          scroll={SCROLL_X}
          locale={{ emptyText: t('backup.noDevices') }}
          data-testid="backup-devices"
          rowSelection={
            manage
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }
              : undefined
          }
          expandable={{
            expandedRowRender: (d) => (
              <BackupHistory
                device={d}
                devices={list}
                manage={manage}
                onRestoring={(jobId, name) => setRestoring({ jobId, name })}
              />
            ),
            expandIcon: ({ expanded, onExpand, record }) => (
              <Button
                size="small"
                type="link"
                data-testid={`backup-open-${record.serial}`}
                onClick={(e) => onExpand(record, e)}
              >
                {expanded ? '−' : '+'} {t('backup.history')}
              </Button>
            ),
          }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('backup.device') },
            { key: 'serial', dataIndex: 'serial', title: t('backup.serial') },
            { key: 'model', dataIndex: 'model', title: t('backup.model') },
            {
              key: 'online',
              title: t('backup.status'),
              render: (_, d) => (
                <Tag color={d.online ? 'green' : 'default'}>
                  {t(d.online ? 'backup.online' : 'backup.offline')}
                </Tag>
              ),
            },
            {
              key: 'latest',
              title: t('backup.latest'),
              render: (_, d) =>
                d.latest ? (
                  <span data-testid="backup-latest">
                    <DateText value={d.latest.takenAt} time={SECONDS} /> · {formatBytes(t, d.latest.size)}
                  </span>
                ) : (
                  <Typography.Text type="secondary">{t('backup.never')}</Typography.Text>
                ),
            },
            { key: 'count', dataIndex: 'count', title: t('backup.count') },
            ...(manage
              ? [
                  {
                    key: 'actions',
                    title: t('backup.actions'),
                    render: (_: unknown, d: BackupDeviceView) => (
                      <Space size={0}>
                        <IconAction
                          title={t('backup.backupNow')}
                          icon={<CloudUploadOutlined />}
                          data-testid={`backup-now-${d.serial}`}
                          onClick={() => void startBackup([d.id])}
                        />
                        <IconAction
                          title={t('backup.factoryDefault')}
                          icon={<ClearOutlined />}
                          danger
                          data-testid={`backup-factory-${d.serial}`}
                          onClick={() => void factoryDefault(d)}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <RestoreProgress
        jobId={restoring?.jobId ?? null}
        deviceName={restoring?.name ?? ''}
        onClose={() => setRestoring(null)}
      />
    </div>
  );
}
