/**
 * The job an occurrence created (each calendar occurrence opens its job): its state, each device's step and
 * result (a backup's file to download), and a re-run of the failed steps (SPEC 8 'Rerun task successfully').
 */
import { Button, Descriptions, Drawer, Table, Tag } from 'antd';
import { DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StepView } from '@edge/protocol';
import { dateTimeSecondsCell } from '../../components/tableCells.tsx';
import { toast } from '../../components/notifications/toast.ts';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import { useJob, useRerunJob, useScheduleGroups } from './api.ts';

const STATE_COLOUR: Record<string, string> = {
  succeeded: 'success',
  failed: 'error',
  running: 'processing',
  waiting: 'warning',
  expired: 'default',
  cancelled: 'default',
  interrupted: 'error',
  stopped: 'error',
};

const fileOf = (result: unknown): { fileId: string; fileName: string } | null => {
  const r = result as { fileId?: unknown; fileName?: unknown } | null;
  return r && typeof r.fileId === 'string' && typeof r.fileName === 'string'
    ? { fileId: r.fileId, fileName: r.fileName }
    : null;
};

export function JobDrawer({ jobId, onClose }: { jobId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useJob(jobId);
  const rerun = useRerunJob();
  const groups = useScheduleGroups();
  const mayRerun = usePermission('ScheduleCreate').view;
  const mayDownload = usePermission('Backup').view;
  const deviceName = (id: string) =>
    groups.data?.flatMap((g) => g.devices).find((d) => d.id === id)?.name ?? id;
  const rerunFailed = (id: number) =>
    rerun
      .mutateAsync(id)
      .then(() => toast.success(messageText(t, 'rerunTaskSuccess')))
      .catch(() => undefined);
  const failed = data ? data.job.counts.failed + data.job.counts.expired + data.job.counts.interrupted : 0;

  return (
    <Drawer
      open={jobId !== null}
      onClose={onClose}
      title={data?.job.title ?? ''}
      size="large"
      destroyOnHidden
    >
      {data && (
        <div data-testid="schedule-job">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('schedule.job.state')}>
              <Tag color={STATE_COLOUR[data.job.state]}>{t(`schedule.state.${data.job.state}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('schedule.job.created')}>
              {dateTimeSecondsCell(data.job.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('schedule.job.finished')}>
              {data.job.finishedAt ? dateTimeSecondsCell(data.job.finishedAt) : '-'}
            </Descriptions.Item>
          </Descriptions>
          <Table<StepView>
            className="schedule-job-steps"
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.steps}
            columns={[
              { key: 'device', title: t('schedule.job.device'), render: (_, s) => deviceName(s.deviceId) },
              {
                key: 'state',
                title: t('schedule.job.state'),
                render: (_, s) => <Tag color={STATE_COLOUR[s.state]}>{t(`schedule.state.${s.state}`)}</Tag>,
              },
              {
                key: 'result',
                title: t('schedule.job.result'),
                render: (_, s) => {
                  const file = fileOf(s.result);
                  if (file && mayDownload)
                    return (
                      <a
                        href={`/api/v1/uploadFile/get?id=${encodeURIComponent(file.fileId)}`}
                        download={file.fileName}
                      >
                        <DownloadOutlined /> {file.fileName}
                      </a>
                    );
                  return s.reason ?? '';
                },
              },
            ]}
          />
          {mayRerun && failed > 0 && data.job.finishedAt !== null && (
            <Button
              icon={<RedoOutlined />}
              loading={rerun.isPending}
              onClick={() => void rerunFailed(data.job.id)}
            >
              {t('schedule.job.rerun')}
            </Button>
          )}
        </div>
      )}
    </Drawer>
  );
}
