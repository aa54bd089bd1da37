/**
 * One device's backups, newest first, with dates and sizes (SPEC 2: choose from backup history): download,
 * restore (on this device or another of its model), delete; and upload a backup file (SPEC 5: a file must
 * be uploaded before it can be restored).
 */
import { useState } from 'react';
import { Button, Modal, Select, Space, Tag, Upload } from 'antd';
import type { UploadProps } from 'antd';
import {
  CloudDownloadOutlined,
  DeleteOutlined,
  RollbackOutlined,
  SwapOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BACKUP_FILE_MAX_BYTES, type BackupDeviceView, type BackupView } from '@edge/protocol';
import { DateText } from '../../components/DateText.tsx';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { IconAction } from '../../components/table/IconAction.tsx';
import { toast } from '../../components/notifications/toast.ts';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { formatBytes } from '../inventory/format.ts';
import { downloadBackup, useBackupHistory, useDeleteBackup, useRestore, useUploadBackup } from './api.ts';

const SECONDS = 'seconds';

export function BackupHistory({
  device,
  devices,
  manage,
  onRestoring,
}: {
  device: BackupDeviceView;
  /** Every device: a backup may be restored on another of the same model. */
  devices: BackupDeviceView[];
  manage: boolean;
  onRestoring: (jobId: number, deviceName: string) => void;
}) {
  const { t } = useTranslation();
  const history = useBackupHistory(device.id);
  const upload = useUploadBackup();
  const restore = useRestore();
  const remove = useDeleteBackup();
  const { act } = useConfirmAct();
  const [moving, setMoving] = useState<BackupView | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const spares = devices.filter((d) => d.model === device.model && d.id !== device.id);

  const download = (b: BackupView) =>
    act({ run: () => downloadBackup(b.id), toastErrors: 'apiRequestError' });
  const deleteBackup = (b: BackupView) =>
    act({
      confirm: { message: 'confirmDelete', danger: true, okText: t('backup.delete') },
      run: () => remove.mutateAsync(b.id),
      done: messageText(t, 'backupDeleted'),
    });
  const restoreOn = (backup: BackupView, on: BackupDeviceView) =>
    act({
      confirm: { message: 'confirmRestore', danger: true, okText: t('backup.restore') },
      run: () => restore.mutateAsync({ id: backup.id, deviceId: on.id }),
      then: ({ jobId }) => {
        setMoving(null);
        onRestoring(jobId, on.name);
      },
    });

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const chosen = file as File;
    if (chosen.size > BACKUP_FILE_MAX_BYTES) {
      toast.error(messageText(t, 'backupTooLarge'));
      onError?.(new Error('too large'));
      return;
    }
    upload
      .mutateAsync({ deviceId: device.id, file: chosen })
      .then((answer) => {
        toast.success(t('backup.uploaded'));
        onSuccess?.(answer);
      })
      .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))));
  };

  return (
    <div className="backup-history" data-testid={`backup-history-${device.id}`}>
      {manage && (
        <Space className="backup-history-tools">
          <span data-testid="backup-upload">
            <Upload accept=".json,application/json" showUploadList={false} customRequest={customRequest}>
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                {t('backup.upload')}
              </Button>
            </Upload>
          </span>
        </Space>
      )}
      <PaginatedTable<BackupView>
        rowKey="id"
        size="small"
        loading={history.isLoading}
        dataSource={history.data ?? []}
        scroll={SCROLL_X}
        locale={{ emptyText: t('backup.noBackups') }}
        data-testid="backup-history-table"
        columns={[
          {
            key: 'taken',
            title: t('backup.takenAt'),
            render: (_, b) => <DateText value={b.takenAt} time={SECONDS} />,
          },
          { key: 'size', title: t('backup.size'), render: (_, b) => formatBytes(t, b.size) },
          {
            key: 'origin',
            title: t('backup.origin'),
            render: (_, b) => (
              <Space size={4}>
                <Tag>{t(`backup.origins.${b.origin}`)}</Tag>
                {b.hasArchive && <Tag color="blue">{t('backup.withArchive')}</Tag>}
              </Space>
            ),
          },
          { key: 'by', dataIndex: 'createdBy', title: t('backup.createdBy') },
          {
            key: 'actions',
            title: t('backup.actions'),
            render: (_, b) => (
              <Space size={0}>
                <IconAction
                  title={t('backup.download')}
                  icon={<CloudDownloadOutlined />}
                  data-testid="backup-download"
                  onClick={() => void download(b)}
                />
                {manage && (
                  <>
                    <IconAction
                      title={t('backup.restore')}
                      icon={<RollbackOutlined />}
                      data-testid="backup-restore"
                      onClick={() => void restoreOn(b, device)}
                    />
                    {spares.length > 0 && (
                      <IconAction
                        title={t('backup.restoreOther')}
                        icon={<SwapOutlined />}
                        data-testid="backup-restore-other"
                        onClick={() => {
                          setTarget(null);
                          setMoving(b);
                        }}
                      />
                    )}
                    <IconAction
                      title={t('backup.delete')}
                      icon={<DeleteOutlined />}
                      danger
                      data-testid="backup-delete"
                      onClick={() => void deleteBackup(b)}
                    />
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={moving !== null}
        title={t('backup.restoreOther')}
        okText={t('backup.restore')}
        okButtonProps={{ disabled: target === null, danger: true }}
        onCancel={() => setMoving(null)}
        onOk={() => {
          const on = spares.find((d) => d.id === target);
          if (moving && on) void restoreOn(moving, on);
        }}
      >
        <p>{t('backup.restoreOtherHint', { model: device.model })}</p>
        <Select<string>
          className="backup-target"
          value={target ?? undefined}
          onChange={setTarget}
          placeholder={t('backup.chooseDevice')}
          options={spares.map((d) => ({ value: d.id, label: `${d.name} (${d.serial})` }))}
          data-testid="backup-target"
        />
      </Modal>
    </div>
  );
}
