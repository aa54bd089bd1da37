/**
 * The job an occurrence created (each calendar occurrence opens its job), shown with the jobs' own
 * JobProgress: its state and each device's step, plus each step's backup file to download, and a re-run
 * of the failed steps (SPEC 8 'Rerun task successfully'). Read through Schedule's own route every two
 * seconds while it runs, so a role with Schedule alone can follow it.
 */
import { useMemo } from 'react';
import { Button, Drawer } from 'antd';
import { DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StepView } from '@edge/protocol';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import { JobProgress } from '../jobs/JobProgress.tsx';
import { useJob, useRerunJob, useScheduleGroups } from './api.ts';

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
  const names = useMemo(
    () => new Map((groups.data ?? []).flatMap((g) => g.devices).map((d) => [d.id, d.name])),
    [groups.data],
  );
  const live = useMemo(() => ({ job: data?.job ?? null, steps: data?.steps ?? [], lines: {} }), [data]);
  const { act } = useConfirmAct();
  const rerunFailed = (id: number) =>
    act({ run: () => rerun.mutateAsync(id), done: messageText(t, 'rerunTaskSuccess') });
  const failed = data ? data.job.counts.failed + data.job.counts.expired + data.job.counts.interrupted : 0;

  return (
    <Drawer
      open={jobId !== null}
      onClose={onClose}
      title={data?.job.title ?? ''}
      size="large"
      destroyOnHidden
    >
      <div data-testid="schedule-job">
        <JobProgress
          live={live}
          deviceName={(id) => names.get(id) ?? id}
          columns={
            mayDownload
              ? [
                  {
                    key: 'file',
                    title: t('schedule.job.result'),
                    render: (_: unknown, step: StepView) => {
                      const file = fileOf(step.result);
                      return file ? (
                        <a
                          href={`/api/v1/uploadFile/get?id=${encodeURIComponent(file.fileId)}`}
                          download={file.fileName}
                        >
                          <DownloadOutlined /> {file.fileName}
                        </a>
                      ) : null;
                    },
                  },
                ]
              : []
          }
        />
        {data && mayRerun && failed > 0 && data.job.finishedAt !== null && (
          <Button
            className="schedule-job-rerun"
            icon={<RedoOutlined />}
            loading={rerun.isPending}
            onClick={() => void rerunFailed(data.job.id)}
          >
            {t('schedule.job.rerun')}
          </Button>
        )}
      </div>
    </Drawer>
  );
}
