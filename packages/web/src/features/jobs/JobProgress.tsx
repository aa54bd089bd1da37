/**
 * One job and its per-device steps, live (useLiveJob): how far the job is, and per device its state,
 * progress, reason and newest output line; `expand` shows more of a step (e.g. its lines or result);
 * `pause` offers Pause while it runs and Resume while it is paused.
 * Any feature that runs device jobs shows them with it.
 */
import type { ReactNode } from 'react';
import { Button, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { FINISHED_STEP_STATES, type JobState, type StepState, type StepView } from '@edge/protocol';
import { SCROLL_X } from '../../components/tableCells.tsx';
import type { LiveJobState } from './useLiveJob.ts';
import { reasonText } from './stepText.ts';
import './jobs.css';

const STEP_COLOURS: Record<StepState, string> = {
  queued: 'default',
  waiting: 'gold',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
  expired: 'warning',
  interrupted: 'warning',
};
const JOB_COLOURS: Record<JobState, string> = {
  running: 'processing',
  paused: 'gold',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
  stopped: 'warning',
};

export function StepStateTag({ state }: { state: StepState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STEP_COLOURS[state]} data-testid="step-state">
      {t(`jobs.stepStates.${state}`)}
    </Tag>
  );
}

export function JobProgress({
  live,
  deviceName,
  expand,
  title,
  columns = [],
  pause,
}: {
  live: LiveJobState;
  /** The name to show for a device id. */
  deviceName: (deviceId: string) => string;
  /** More of a step, shown when its row is opened. */
  expand?: (step: StepView) => ReactNode;
  title?: ReactNode;
  /** The kind's own columns (a test's summarised result), after the common ones. */
  columns?: ColumnsType<StepView>;
  /** Pause and resume (the jobs seam's, through the feature's own endpoints): shown when given. */
  pause?: { onPause: () => void; onResume: () => void; busy: boolean };
}) {
  const { t } = useTranslation();
  const { job, steps } = live;
  if (!job) return null;
  const finished = steps.filter((s) => FINISHED_STEP_STATES.includes(s.state)).length;
  const percent = steps.length ? Math.round((finished / steps.length) * 100) : 0;
  return (
    <div className="job-progress" data-testid="job-progress" data-job-state={job.state}>
      <Space className="job-progress-head" wrap>
        {title ?? <Typography.Text strong>{job.title}</Typography.Text>}
        <Tag color={JOB_COLOURS[job.state]} data-testid="job-state">
          {t(`jobs.jobStates.${job.state}`)}
        </Tag>
        <Typography.Text type="secondary">
          {t('jobs.finishedOf', { finished, total: steps.length })}
        </Typography.Text>
        {pause && job.state === 'running' && (
          <Button size="small" data-testid="job-pause" loading={pause.busy} onClick={pause.onPause}>
            {t('jobs.pause')}
          </Button>
        )}
        {pause && job.state === 'paused' && (
          <Button
            size="small"
            type="primary"
            data-testid="job-resume"
            loading={pause.busy}
            onClick={pause.onResume}
          >
            {t('jobs.resume')}
          </Button>
        )}
      </Space>
      <Progress percent={percent} status={job.state === 'running' ? 'active' : undefined} />
      <Table<StepView>
        rowKey="id"
        size="small"
        dataSource={steps}
        pagination={steps.length > 10 ? { pageSize: 10, pageSizeOptions: [10, 20, 30, 40] } : false}
        scroll={SCROLL_X}
        expandable={expand ? { expandedRowRender: expand } : undefined}
        columns={[
          { title: t('jobs.device'), dataIndex: 'deviceId', render: (id: string) => deviceName(id) },
          {
            title: t('jobs.state'),
            dataIndex: 'state',
            render: (s: StepState) => <StepStateTag state={s} />,
          },
          {
            title: t('jobs.progress'),
            dataIndex: 'progress',
            render: (p: number, step) =>
              step.state === 'running' ? (
                <Progress percent={p} size="small" className="job-step-bar" />
              ) : null,
          },
          {
            title: t('jobs.detail'),
            key: 'detail',
            render: (_, step) => (
              <Typography.Text className="job-step-note" type={step.reason ? 'danger' : undefined}>
                {step.reason ? reasonText(t, step.reason) : (step.note ?? '')}
              </Typography.Text>
            ),
          },
          ...columns,
        ]}
      />
    </div>
  );
}
