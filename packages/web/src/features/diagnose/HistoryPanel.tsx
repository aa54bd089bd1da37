/**
 * A device's tests, newest first: open one in full, compare two side by side, or run one again on the
 * device with the same parameters.
 */
import { useState } from 'react';
import { Button, Card, Col, Modal, Row, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiagnoseHistoryEntry, DiagnoseTest } from '@edge/protocol';
import { SCROLL_X, STICKY_END, dateTimeSecondsCell } from '../../components/tableCells.tsx';
import { StepStateTag } from '../jobs/JobProgress.tsx';
import { reasonText } from '../jobs/stepText.ts';
import { useDiagnoseHistory } from './api.ts';
import { ResultView } from './ResultView.tsx';
import { summaryText } from './summary.ts';

const PAGE_SIZES = [10, 20, 30, 40];

/** The parameters that tell runs apart (target, server, mode ...), as `name=value`. */
const paramsText = (params: unknown) =>
  Object.entries((params as Record<string, unknown> | null) ?? {})
    .filter(([name]) => name !== 'consoleUrl')
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(' ');

export function HistoryPanel({
  devices,
  onRerun,
  canRun,
}: {
  /** The devices to choose from: id -> name. */
  devices: Record<string, string>;
  onRerun: (entry: DiagnoseHistoryEntry, deviceId: string) => void;
  canRun: (test: DiagnoseTest) => boolean;
}) {
  const { t } = useTranslation();
  const ids = Object.keys(devices);
  const [chosen, setChosen] = useState<string | undefined>();
  const deviceId = chosen && devices[chosen] !== undefined ? chosen : ids[0];
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<DiagnoseHistoryEntry[]>([]);
  const history = useDiagnoseHistory(
    deviceId ? { deviceId, limit: page.pageSize, offset: (page.current - 1) * page.pageSize } : null,
  );
  const list = history.data?.list ?? [];
  const picked = list.filter((e) => selected.includes(e.stepId));

  return (
    <Card title={t('diagnose.history')} size="small" data-testid="diagnose-history">
      <Space className="diagnose-history-bar" wrap>
        <Select
          className="diagnose-devices"
          value={deviceId}
          placeholder={t('diagnose.historyDevice')}
          aria-label={t('diagnose.historyDevice')}
          onChange={(id: string) => {
            setChosen(id);
            setSelected([]);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={ids.map((id) => ({ value: id, label: devices[id] }))}
          data-testid="diagnose-history-device"
        />
        <Button disabled={picked.length !== 2} onClick={() => setOpen(picked)} data-testid="diagnose-compare">
          {t('diagnose.compare')}
        </Button>
      </Space>
      <Table<DiagnoseHistoryEntry>
        rowKey="stepId"
        size="small"
        loading={history.isFetching}
        dataSource={list}
        scroll={SCROLL_X}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected((keys as number[]).slice(-2)),
        }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: history.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
          { title: t('diagnose.when'), dataIndex: 'createdAt', render: dateTimeSecondsCell },
          {
            title: t('diagnose.test'),
            dataIndex: 'test',
            render: (test: DiagnoseTest) => t(`diagnose.tests.${test}`),
          },
          { title: t('diagnose.parameters'), dataIndex: 'params', render: paramsText },
          {
            title: t('jobs.state'),
            dataIndex: 'state',
            render: (s: DiagnoseHistoryEntry['state']) => <StepStateTag state={s} />,
          },
          {
            title: t('diagnose.result'),
            key: 'result',
            render: (_, e) => (e.reason ? reasonText(t, e.reason) : summaryText(t, e.test, e.result)),
          },
          { title: t('diagnose.by'), dataIndex: 'createdByName' },
          {
            title: t('diagnose.actions'),
            key: 'actions',
            fixed: STICKY_END,
            render: (_, e) => (
              <Space>
                <Button size="small" onClick={() => setOpen([e])} data-testid="diagnose-open">
                  {t('diagnose.open')}
                </Button>
                <Button
                  size="small"
                  disabled={!canRun(e.test)}
                  onClick={() => onRerun(e, deviceId!)}
                  data-testid="diagnose-rerun"
                >
                  {t('diagnose.rerun')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={open.length > 0}
        onCancel={() => setOpen([])}
        footer={null}
        width={open.length > 1 ? 1100 : 720}
        title={open.length > 1 ? t('diagnose.compare') : t('diagnose.result')}
      >
        <Row gutter={16}>
          {open.map((e) => (
            <Col key={e.stepId} span={24 / open.length} data-testid="diagnose-compared">
              <Card
                size="small"
                title={
                  <Space>
                    {t(`diagnose.tests.${e.test}`)}
                    {dateTimeSecondsCell(e.createdAt)}
                  </Space>
                }
              >
                <p>{paramsText(e.params)}</p>
                {e.reason && <p>{reasonText(t, e.reason)}</p>}
                <ResultView test={e.test} result={e.result} />
              </Card>
            </Col>
          ))}
        </Row>
      </Modal>
    </Card>
  );
}
