/**
 * Diagnose (SPEC 2): a tab per test the user may use (SPEC 6: Ping, Speedtest, Traceroute, Iperf and
 * CellScanner each), its form, the devices or group to run on, then the run live (each device's state and
 * output lines as they come, its summarised result) and the history of each device.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  diagnoseParams,
  diagnoseTestPermission,
  diagnoseTests,
  type DiagnoseHistoryEntry,
  type DiagnoseRunRequest,
  type DiagnoseTest,
  type StepView,
  FINISHED_STEP_STATES,
} from '@edge/protocol';
import { toast } from '../../components/notifications/toast.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useAccountInfo } from '../account/api.ts';
import { allowsIn } from './permissions.ts';
import { JobProgress } from '../jobs/JobProgress.tsx';
import { useLiveJob } from '../jobs/useLiveJob.ts';
import { diagnoseKeys, useRunDiagnose } from './api.ts';
import { TEST_DEFAULTS, paramsOf } from './fields.ts';
import { ResultView } from './ResultView.tsx';
import { summaryText } from './summary.ts';
import { NO_TARGET, TargetPicker, type Target } from './TargetPicker.tsx';
import { TestForm } from './TestForm.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import '../../components/page.css';
import './diagnose.css';

export default function DiagnoseModule() {
  const { t } = useTranslation();
  const tree = useAccountInfo().data?.permissions;
  const may = allowsIn(tree);
  const tests = diagnoseTests.filter((test) => may.view(diagnoseTestPermission[test]));
  const [chosen, setChosen] = useState<DiagnoseTest | undefined>();
  const test = chosen && tests.includes(chosen) ? chosen : tests[0];
  const [form] = Form.useForm();
  const [target, setTarget] = useState<Target>(NO_TARGET);
  const [names, setNames] = useState<Record<string, string>>({});
  const [running, setRunning] = useState<{ jobId: number; test: DiagnoseTest } | null>(null);
  const live = useLiveJob(running?.jobId ?? null);
  const run = useRunDiagnose();
  const client = useQueryClient();
  // Each device's test that ends is in its history from then on: read it again.
  const finished = live.steps.filter((s) => FINISHED_STEP_STATES.includes(s.state)).length;
  useEffect(() => {
    if (finished > 0) void client.invalidateQueries({ queryKey: diagnoseKeys.history });
  }, [finished, client]);

  const start = (request: DiagnoseRunRequest) =>
    run.mutate(request, {
      onSuccess: (detail) => {
        setRunning({ jobId: detail.job.id, test: request.test });
        toast.success(messageText(t, 'diagnoseStarted'));
      },
    });

  async function submit() {
    if (!test) return;
    const values = (await form.validateFields()) as Record<string, unknown>;
    const params = diagnoseParams[test].parse(paramsOf(test, values));
    if (target.byGroup ? target.groupId === null : target.deviceIds.length === 0) {
      toast.error(messageText(t, 'diagnoseDevicesRequired'));
      return;
    }
    const where = target.byGroup ? { groupId: target.groupId! } : { deviceIds: target.deviceIds };
    start({ test, params, ...where } as DiagnoseRunRequest);
  }

  const rerun = (entry: DiagnoseHistoryEntry, deviceId: string) =>
    start({ test: entry.test, params: entry.params, deviceIds: [deviceId] } as DiagnoseRunRequest);

  const nameOf = (id: string) => names[id] ?? id;
  const historyDevices = Object.fromEntries(
    [...target.deviceIds, ...live.steps.map((s) => s.deviceId)].map((id) => [id, nameOf(id)]),
  );

  if (!test) return <Alert type="info" message={t('diagnose.noTests')} />;
  const canRun = may.manage(diagnoseTestPermission[test]);
  const shown = running?.test ?? test;

  return (
    <div className="diagnose-page" data-testid="diagnose">
      <Card size="small">
        <Tabs
          activeKey={test}
          onChange={(key) => setChosen(key as DiagnoseTest)}
          items={tests.map((id) => ({ key: id, label: t(`diagnose.tests.${id}`) }))}
          data-testid="diagnose-tabs"
        />
        <Form
          key={test}
          form={form}
          layout="vertical"
          initialValues={TEST_DEFAULTS[test]}
          className="diagnose-form"
          onFinish={() => void submit()}
        >
          <TestForm test={test} form={form} />
          <Form.Item label={t('diagnose.runOn')} required>
            <TargetPicker
              value={target}
              onChange={setTarget}
              onNames={(seen) => setNames((prev) => ({ ...prev, ...seen }))}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={run.isPending}
            disabled={!canRun}
            data-testid="diagnose-run"
          >
            {t('diagnose.run')}
          </Button>
        </Form>
      </Card>
      {running && (
        <Card size="small" title={t('diagnose.results')} data-testid="diagnose-results">
          <JobProgress
            live={live}
            deviceName={nameOf}
            title={<strong>{t(`diagnose.tests.${shown}`)}</strong>}
            columns={[
              {
                title: t('diagnose.result'),
                key: 'summary',
                render: (_, step: StepView) => summaryText(t, shown, step.result),
              },
            ]}
            expand={(step) => (
              <ResultView test={shown} result={step.result} liveLines={live.lines[step.id]} />
            )}
          />
          <LiveLines live={live} nameOf={nameOf} />
        </Card>
      )}
      <HistoryPanel
        devices={historyDevices}
        onRerun={rerun}
        canRun={(t2) => may.manage(diagnoseTestPermission[t2])}
      />
    </div>
  );
}

/** Every device's output lines as they arrive, one block per device. */
function LiveLines({
  live,
  nameOf,
}: {
  live: ReturnType<typeof useLiveJob>;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  const withLines = live.steps.filter((s) => (live.lines[s.id]?.length ?? 0) > 0);
  if (!withLines.length) return null;
  return (
    <div className="diagnose-live" data-testid="diagnose-live">
      <Typography.Title level={2} className="subsection-title">
        {t('diagnose.output')}
      </Typography.Title>
      {withLines.map((s) => (
        <div key={s.id}>
          <strong>{nameOf(s.deviceId)}</strong>
          <pre className="diagnose-lines" data-testid="diagnose-live-lines">
            {live.lines[s.id]!.join('\n')}
          </pre>
        </div>
      ))}
    </div>
  );
}
