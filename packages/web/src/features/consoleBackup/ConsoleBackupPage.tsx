/**
 * Settings > Backup & Restore (SPEC 2): backup now (with the passphrase that wraps the console's secret
 * key), the latest backup, the history with dates and sizes, download, delete, upload a backup file, and
 * restore, confirmed first (SPEC 5: a file must be chosen and uploaded first), its progress shown live.
 * After a restore the console restarts on the restored store and everyone signs in again.
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Progress, Space, Typography, Upload } from 'antd';
import {
  CloudDownloadOutlined,
  DeleteOutlined,
  HistoryOutlined,
  SaveOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CONSOLE_BACKUP_EXTENSION,
  LIVE_CHANNELS,
  consoleBackupPassphraseRule,
  type ConsoleBackupView,
  type ConsoleRestoreProgress,
} from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { DateText, type TimePart } from '../../components/DateText.tsx';
import type { ConfirmOptions } from '../../components/useConfirm.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { toast } from '../../components/notifications/toast.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useChannel } from '../../live/useChannel.ts';
import { usePermission } from '../account/permissions.ts';
import {
  downloadUrl,
  useConsoleBackups,
  useCreateConsoleBackup,
  useDeleteConsoleBackup,
  useRestoreConsoleBackup,
  useUploadConsoleBackup,
} from './api.ts';

const CREATE = 'create';
const DATE_TIME: TimePart = 'minutes';
const DELETE_CONFIRM: ConfirmOptions = { message: 'confirmDelete', kind: 'warning', title: 'confirmation' };

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Asks for the passphrase (checked by the shared rule) and hands it on. */
function PassphraseModal(props: {
  open: boolean;
  title: string;
  hint: string;
  okText: string;
  busy: boolean;
  onOk: (passphrase: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ passphrase: string }>();
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('common.cancel')}
      confirmLoading={props.busy}
      destroyOnHidden
      onCancel={props.onCancel}
      onOk={() => void form.validateFields().then((v) => props.onOk(v.passphrase))}
    >
      <Typography.Paragraph>{props.hint}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="passphrase"
          label={t('consoleBackup.passphrase')}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const code = consoleBackupPassphraseRule(value ?? '');
                return code ? Promise.reject(new Error(messageText(t, code))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="console-backup-passphrase" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RestoreProgress({ progress }: { progress: ConsoleRestoreProgress }) {
  const { t } = useTranslation();
  if (progress.phase === 'idle') return null;
  const percent =
    progress.phase === 'done'
      ? 100
      : progress.rowsTotal > 0
        ? Math.min(99, Math.floor((progress.rowsDone / progress.rowsTotal) * 100))
        : 0;
  const failed = progress.phase === 'failed';
  return (
    <Card size="small" data-testid="console-restore-progress">
      <Alert
        type={failed ? 'error' : progress.phase === 'done' ? 'success' : 'warning'}
        showIcon
        message={t(`consoleBackup.phase.${progress.phase}`)}
        description={
          failed
            ? progress.err_code
              ? messageText(t, progress.err_code as never)
              : progress.err_message
            : progress.phase === 'done'
              ? t('messages.consoleBackupRestored')
              : t('consoleBackup.notInterruptible')
        }
      />
      <Progress
        percent={percent}
        status={failed ? 'exception' : progress.phase === 'done' ? 'success' : 'active'}
      />
      {progress.table && progress.phase === 'restoring' && (
        <Typography.Text type="secondary">
          {t('consoleBackup.restoringTable', { table: progress.table })}
        </Typography.Text>
      )}
      {progress.phase === 'done' && (
        <Button type="primary" href="/" data-testid="console-restore-sign-in">
          {t('consoleBackup.signInAgain')}
        </Button>
      )}
    </Card>
  );
}

export function ConsoleBackupPage() {
  const { t } = useTranslation();
  const { manage } = usePermission('BackupRestore');
  const list = useConsoleBackups();
  const create = useCreateConsoleBackup();
  const remove = useDeleteConsoleBackup();
  const restore = useRestoreConsoleBackup();
  const upload = useUploadConsoleBackup();
  const { act } = useConfirmAct();
  const [asking, setAsking] = useState<typeof CREATE | ConsoleBackupView | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [progress, setProgress] = useState<ConsoleRestoreProgress>({
    phase: 'idle',
    rowsDone: 0,
    rowsTotal: 0,
  });
  // A finished restore stays shown: the console restarts on it, and the restarted one says 'idle'.
  useChannel(LIVE_CHANNELS.consoleRestore, manage ? '' : null, (next) =>
    setProgress((shown) => (shown.phase === 'done' && next.phase === 'idle' ? shown : next)),
  );
  const backups = list.data?.list ?? [];
  const latest = backups[0];
  const restoring =
    progress.phase === 'verifying' || progress.phase === 'restoring' || progress.phase === 'files';

  const onPassphrase = (passphrase: string) => {
    if (asking === 'create') {
      create.mutate(
        { passphrase },
        {
          onSuccess: () => {
            setAsking(null);
            toast.success(t('messages.consoleBackupCreated'));
          },
        },
      );
    } else if (asking) {
      const target = asking;
      setAsking(null);
      void act({
        confirm: { message: t('consoleBackup.confirmRestore'), kind: 'warning', title: 'confirmation' },
        run: () => restore.mutateAsync({ id: target.id, passphrase }),
      });
    }
  };

  const send = (file: File) => {
    if (!file.name.endsWith(CONSOLE_BACKUP_EXTENSION)) {
      toast.error(t('messages.consoleBackupNotArchive'));
      return;
    }
    setUploadPercent(0);
    upload.mutate(
      { file, onProgress: setUploadPercent },
      {
        onSuccess: () => toast.success(t('messages.consoleBackupUploaded')),
        onSettled: () => setUploadPercent(null),
      },
    );
  };

  const columns = [
    {
      title: t('consoleBackup.createdAt'),
      dataIndex: 'createdAt',
      render: (at: number) => <DateText value={at} time={DATE_TIME} />,
    },
    { title: t('consoleBackup.size'), dataIndex: 'size', render: sizeText },
    { title: t('consoleBackup.version'), dataIndex: 'appVersion' },
    {
      title: t('consoleBackup.origin'),
      dataIndex: 'uploaded',
      render: (uploaded: boolean) => t(uploaded ? 'consoleBackup.uploaded' : 'consoleBackup.taken'),
    },
    {
      title: t('consoleBackup.actions'),
      key: 'actions',
      render: (_: unknown, row: ConsoleBackupView) => (
        <Space>
          <Button
            icon={<CloudDownloadOutlined />}
            href={downloadUrl(row.id)}
            download
            aria-label={t('consoleBackup.download')}
            data-testid={`console-backup-download-${row.id}`}
          >
            {t('consoleBackup.download')}
          </Button>
          {manage && (
            <Button
              icon={<HistoryOutlined />}
              disabled={restoring}
              onClick={() => setAsking(row)}
              data-testid={`console-backup-restore-${row.id}`}
            >
              {t('consoleBackup.restore')}
            </Button>
          )}
          {manage && (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={restoring}
              aria-label={t('consoleBackup.delete')}
              onClick={() =>
                void act({
                  confirm: DELETE_CONFIRM,
                  run: () => remove.mutateAsync({ id: row.id }),
                  done: t('messages.consoleBackupDeleted'),
                })
              }
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="page" data-testid="console-backup-page">
      <Card
        title={t('pages.BackupRestore')}
        extra={
          manage && (
            <Space>
              <Upload
                accept={CONSOLE_BACKUP_EXTENSION}
                showUploadList={false}
                disabled={restoring || uploadPercent !== null}
                beforeUpload={(file) => {
                  send(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="console-backup-upload">
                  {t('consoleBackup.upload')}
                </Button>
              </Upload>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                disabled={restoring}
                onClick={() => setAsking(CREATE)}
                data-testid="console-backup-now"
              >
                {t('consoleBackup.backupNow')}
              </Button>
            </Space>
          )
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{t('consoleBackup.intro')}</Typography.Paragraph>
          <Typography.Text data-testid="console-backup-latest">
            {t('consoleBackup.latest')}:{' '}
            {latest ? (
              <>
                <DateText value={latest.createdAt} time={DATE_TIME} /> ({sizeText(latest.size)})
              </>
            ) : (
              t('consoleBackup.none')
            )}
          </Typography.Text>
          {uploadPercent !== null && (
            <Progress percent={uploadPercent} data-testid="console-backup-upload-progress" />
          )}
          <RestoreProgress progress={progress} />
          <PaginatedTable<ConsoleBackupView>
            rowKey="id"
            loading={list.isLoading}
            columns={columns}
            dataSource={backups}
          />
        </Space>
      </Card>
      <PassphraseModal
        open={asking !== null}
        title={asking === 'create' ? t('consoleBackup.backupNow') : t('consoleBackup.restore')}
        hint={
          asking === 'create'
            ? t('consoleBackup.passphraseHintCreate')
            : t('consoleBackup.passphraseHintRestore')
        }
        okText={asking === 'create' ? t('consoleBackup.backupNow') : t('consoleBackup.restore')}
        busy={create.isPending}
        onOk={onPassphrase}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
