/**
 * Applying a profile: choose a group, see the dry run (per device, what would change), then roll it out as
 * a staged job (a canary share first, the rest in waves, halted by itself past the failure limit) and watch
 * it with the jobs widget, which pauses and resumes it; below, the devices it was applied to and whether they drifted since.
 */
import { useState } from 'react';
import { Button, Form, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DryRunResponse, ProfileView, StepView } from '@edge/protocol';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { VERTICAL } from '../../components/layout.ts';
import { useGroups } from '../inventory/api.ts';
import { JobProgress } from '../jobs/JobProgress.tsx';
import { useLiveJob } from '../jobs/useLiveJob.ts';
import { useAbortRollout, useDryRun, usePauseRollout, useResumeRollout, useRollout } from './api.ts';
import { AssignmentTable } from './AssignmentTable.tsx';
import { DryRunTable } from './DryRunTable.tsx';

const PERCENT = 100;

export function RolloutPanel({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const groups = useGroups().data ?? [];
  const [groupId, setGroupId] = useState<number | undefined>();
  const [canary, setCanary] = useState(10);
  const [limit, setLimit] = useState(20);
  const [result, setResult] = useState<DryRunResponse | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const dryRun = useDryRun();
  const rollout = useRollout();
  const abort = useAbortRollout();
  const pause = usePauseRollout();
  const resume = useResumeRollout();
  const live = useLiveJob(jobId);
  const { act, busy } = useConfirmAct();
  const names = new Map((result?.devices ?? []).map((d) => [d.deviceId, d.name]));

  const check = () =>
    groupId !== undefined &&
    act({ run: () => dryRun.mutateAsync({ id: profile.id, groupId }), then: setResult }).catch(() => false);
  const start = () =>
    groupId !== undefined &&
    act({
      confirm: { message: t('profiles.rollout.confirm', { name: profile.name, count: result?.total ?? 0 }) },
      run: () =>
        rollout.mutateAsync({
          id: profile.id,
          groupId,
          canaryShare: canary / PERCENT,
          maxFailedShare: limit / PERCENT,
        }),
      done: t('profiles.rollout.started'),
      then: (answer) => setJobId(answer.jobId),
    }).catch(() => false);

  const stop = () =>
    jobId !== null &&
    act({
      confirm: {
        message: t('profiles.rollout.abortConfirm'),
        danger: true,
        okText: t('profiles.rollout.abort'),
      },
      run: () => abort.mutateAsync(jobId),
      done: t('profiles.rollout.aborted'),
    }).catch(() => false);

  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }} size="middle" data-testid="profile-rollout">
      <Form layout="inline">
        <Form.Item label={t('profiles.rollout.group')}>
          <Select
            data-testid="profile-rollout-group"
            style={{ minWidth: 200 }}
            value={groupId}
            onChange={(id: number) => {
              setGroupId(id);
              setResult(null);
            }}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <Button
          data-testid="profile-dry-run-button"
          disabled={groupId === undefined}
          loading={busy}
          onClick={check}
        >
          {t('profiles.dryRun.button')}
        </Button>
      </Form>
      {result && <DryRunTable result={result} />}
      {result && result.refused === 0 && result.total > 0 && (
        <Form layout="inline">
          <Form.Item label={t('profiles.rollout.canary')}>
            <InputNumber
              data-testid="profile-rollout-canary"
              min={0}
              max={PERCENT}
              value={canary}
              onChange={(v) => setCanary(v ?? 0)}
              addonAfter="%"
            />
          </Form.Item>
          <Form.Item label={t('profiles.rollout.limit')} tooltip={t('profiles.rollout.limitHint')}>
            <InputNumber
              data-testid="profile-rollout-limit"
              min={0}
              max={PERCENT}
              value={limit}
              onChange={(v) => setLimit(v ?? 0)}
              addonAfter="%"
            />
          </Form.Item>
          <Button type="primary" data-testid="profile-rollout-button" loading={busy} onClick={start}>
            {t('profiles.rollout.button')}
          </Button>
        </Form>
      )}
      {(live.job?.state === 'running' || live.job?.state === 'paused') && (
        <Button danger data-testid="profile-rollout-abort" loading={busy} onClick={stop}>
          {t('profiles.rollout.abort')}
        </Button>
      )}
      <JobProgress
        live={live}
        pause={
          jobId === null
            ? undefined
            : {
                busy,
                onPause: () =>
                  void act({
                    run: () => pause.mutateAsync(jobId),
                    done: t('profiles.rollout.paused'),
                  }).catch(() => false),
                onResume: () =>
                  void act({
                    run: () => resume.mutateAsync(jobId),
                    done: t('profiles.rollout.resumed'),
                  }).catch(() => false),
              }
        }
        deviceName={(id) => names.get(id) ?? id}
        columns={[
          {
            title: t('profiles.rollout.wave'),
            key: 'wave',
            render: (_, step: StepView) => (
              <Tag data-testid="profile-step-wave">
                {t(step.wave === 0 ? 'profiles.rollout.canaryWave' : 'profiles.rollout.restWave')}
              </Tag>
            ),
          },
        ]}
      />
      <Typography.Title level={3} className="subsection-title">
        {t('profiles.assignment.title')}
      </Typography.Title>
      <AssignmentTable profileId={profile.id} />
    </Space>
  );
}
