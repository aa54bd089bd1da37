/** Settings > Activity (SPEC 3): the activity table, date descending, 10 rows a page, totalNumber from the server. */
import { useState } from 'react';
import { Button, Card, Space, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type ActivityRow } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { SCROLL_X, dateTimeSecondsCell } from '../../../components/tableCells.tsx';
import { useActivity } from './api.ts';
import { RetentionSetting } from './RetentionSetting.tsx';

const statusColor = (code: number) => (code >= 500 ? 'error' : code >= 400 ? 'warning' : 'success');

export function ActivityPage() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { data, isFetching, refetch } = useActivity(paging.page, paging.pageSize);

  return (
    <Card
      className="settings-card"
      title={t('activity.title')}
      extra={
        <Space wrap>
          <RetentionSetting />
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching}>
            {t('common.reload')}
          </Button>
        </Space>
      }
    >
      <PaginatedTable<ActivityRow>
        rowKey="id"
        size="middle"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        scroll={SCROLL_X}
        data-testid="activity-table"
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.totalNumber ?? 0,
          onChange: (page, pageSize) =>
            setPaging((p) => ({ page: pageSize === p.pageSize ? page : 1, pageSize })),
        }}
        columns={[
          {
            key: 'date',
            dataIndex: 'date',
            title: t('activity.date'),
            render: dateTimeSecondsCell,
          },
          { key: 'userName', dataIndex: 'userName', title: t('activity.user') },
          {
            key: 'action',
            dataIndex: 'action',
            title: t('activity.action'),
            render: (v: string) => <code className="activity-action">{v}</code>,
          },
          { key: 'target', dataIndex: 'target', title: t('activity.target') },
          { key: 'ip', dataIndex: 'ip', title: t('activity.ip') },
          {
            key: 'statusCode',
            dataIndex: 'statusCode',
            title: t('activity.result'),
            render: (code: number) => <Tag color={statusColor(code)}>{code}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
