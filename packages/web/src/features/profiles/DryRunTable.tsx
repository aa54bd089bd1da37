/** A dry run's answer: per device, what would change (the profile's value against the device's now) or why it cannot be sent. */
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DriftEntry, DryRunDevice, DryRunResponse, MessageCode } from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { isMessageCode } from '../deviceSettings/messageCode.ts';
import { VERTICAL } from '../../components/layout.ts';

const show = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

export function ChangesTable({
  changes,
  'data-testid': testId,
}: {
  changes: DriftEntry[];
  'data-testid': string;
}) {
  const { t } = useTranslation();
  return (
    <Table<DriftEntry>
      size="small"
      pagination={false}
      rowKey="path"
      data-testid={testId}
      dataSource={changes}
      columns={[
        { title: t('profiles.dryRun.field'), dataIndex: 'path' },
        { title: t('profiles.dryRun.profile'), render: (_, c) => <code>{show(c.desired)}</code> },
        { title: t('profiles.dryRun.now'), render: (_, c) => <code>{show(c.reported)}</code> },
      ]}
    />
  );
}

export function DryRunTable({ result }: { result: DryRunResponse }) {
  const { t } = useTranslation();
  const refusalText = (d: DryRunDevice) =>
    d.refusal &&
    `${isMessageCode(d.refusal.code) ? messageText(t, d.refusal.code as MessageCode) : d.refusal.message} ${d.refusal.detail}`;
  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }} data-testid="profile-dry-run">
      <Typography.Text data-testid="profile-dry-run-summary">
        {t('profiles.dryRun.summary', {
          total: result.total,
          changing: result.changing,
          unchanged: result.unchanged,
          refused: result.refused,
        })}
      </Typography.Text>
      {result.refused > 0 && <Alert type="error" showIcon title={t('profiles.dryRun.refusedHint')} />}
      <PaginatedTable<DryRunDevice>
        size="small"
        rowKey="deviceId"
        dataSource={result.devices}
        data-testid="profile-dry-run-devices"
        expandable={{
          rowExpandable: (d) => d.changes.length > 0,
          expandedRowRender: (d) => (
            <ChangesTable changes={d.changes} data-testid="profile-dry-run-changes" />
          ),
        }}
        columns={[
          { title: t('profiles.device'), dataIndex: 'name' },
          { title: t('profiles.serial'), dataIndex: 'serial' },
          {
            title: t('profiles.dryRun.outcome'),
            render: (_, d) =>
              d.refusal ? (
                <Tag color="red">{refusalText(d)}</Tag>
              ) : d.changes.length ? (
                <Tag color="blue">{t('profiles.dryRun.changes', { count: d.changes.length })}</Tag>
              ) : (
                <Tag>{t('profiles.dryRun.unchanged')}</Tag>
              ),
          },
          {
            title: t('profiles.online'),
            render: (_, d) => (d.online ? t('profiles.yes') : t('profiles.no')),
          },
        ]}
      />
    </Space>
  );
}
