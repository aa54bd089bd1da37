/**
 * One device's test in full: the summary, the figures of its kind (hops, cells, iperf's sides, the
 * speedtest's), and every output line. Used for a live step, a history entry and each side of a comparison.
 */
import { Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiagnoseTest, ScannedCell } from '@edge/protocol';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { failureDetail, linesOf, parsedResult, summaryText } from './summary.ts';

function Figures({ test, result }: { test: DiagnoseTest; result: unknown }) {
  const { t } = useTranslation();
  if (test === 'traceroute') {
    const r = parsedResult('traceroute', result);
    if (!r) return null;
    return (
      <Table
        size="small"
        rowKey="ttl"
        pagination={false}
        dataSource={r.hops}
        columns={[
          { title: t('diagnose.hop'), dataIndex: 'ttl' },
          { title: t('diagnose.host'), dataIndex: 'host', render: (h: string | null) => h ?? '*' },
          {
            title: t('diagnose.rtt'),
            dataIndex: 'rttMs',
            render: (ms: number | null) => (ms === null ? '*' : t('diagnose.ms', { value: ms })),
          },
        ]}
      />
    );
  }
  if (test === 'cellScan') {
    const r = parsedResult('cellScan', result);
    if (!r) return null;
    return (
      <Table<ScannedCell>
        size="small"
        rowKey={(c) => `${c.technology}-${c.cellId}-${c.pci}-${c.channel}`}
        pagination={false}
        scroll={SCROLL_X}
        dataSource={r.cells}
        columns={[
          { title: t('diagnose.cell.technology'), dataIndex: 'technology' },
          {
            title: t('diagnose.cell.serving'),
            dataIndex: 'serving',
            render: (s: boolean) => (s ? t('diagnose.cell.yes') : ''),
          },
          { title: t('diagnose.cell.rsrp'), dataIndex: 'rsrp' },
          { title: t('diagnose.cell.rsrq'), dataIndex: 'rsrq' },
          { title: t('diagnose.cell.snr'), dataIndex: 'snr' },
          { title: t('diagnose.cell.band'), dataIndex: 'band' },
          { title: t('diagnose.cell.channel'), dataIndex: 'channel' },
          { title: t('diagnose.cell.cellId'), dataIndex: 'cellId' },
          { title: t('diagnose.cell.pci'), dataIndex: 'pci' },
        ]}
      />
    );
  }
  if (test === 'speedtest') {
    const r = parsedResult('speedtest', result);
    if (!r) return null;
    return (
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('diagnose.fields.server')}>{r.server}</Descriptions.Item>
        <Descriptions.Item label={t('diagnose.download')}>
          {t('diagnose.mbps', { value: r.downloadMbps })}
        </Descriptions.Item>
        <Descriptions.Item label={t('diagnose.upload')}>
          {t('diagnose.mbps', { value: r.uploadMbps })}
        </Descriptions.Item>
        <Descriptions.Item label={t('diagnose.jitter')}>
          {t('diagnose.ms', { value: r.jitterMs })}
        </Descriptions.Item>
        <Descriptions.Item label={t('diagnose.drops')}>{r.drops}</Descriptions.Item>
      </Descriptions>
    );
  }
  return null;
}

export function ResultView({
  test,
  result,
  liveLines,
}: {
  test: DiagnoseTest;
  result: unknown;
  /** Lines streamed so far, while the test still runs (the result has none yet). */
  liveLines?: string[];
}) {
  const { t } = useTranslation();
  const kept = linesOf(result);
  const lines = kept.length ? kept : (liveLines ?? []);
  const summary = summaryText(t, test, result);
  const detail = failureDetail(result);
  return (
    <div className="diagnose-result" data-testid="diagnose-result">
      {summary && <Typography.Paragraph strong>{summary}</Typography.Paragraph>}
      {detail && <Typography.Paragraph type="danger">{detail}</Typography.Paragraph>}
      <Figures test={test} result={result} />
      {lines.length > 0 && (
        <pre className="diagnose-lines" data-testid="diagnose-lines">
          {lines.join('\n')}
        </pre>
      )}
    </div>
  );
}
