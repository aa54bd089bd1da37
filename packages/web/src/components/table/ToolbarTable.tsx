/**
 * A list with its toolbar: the add button above the table for those who may manage it, the rows unpaged,
 * and an actions column at the end for them too. Settings-like lists (Notification's rules, contacts and
 * notify list) use it rather than each writing the toolbar, the table and the managers-only column again.
 */
import type { ReactNode } from 'react';
import { Button, Space, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface ToolbarTableProps<T> extends Omit<TableProps<T>, 'columns'> {
  columns: ColumnsType<T>;
  /** Whether the add button and the actions column are shown. */
  canManage: boolean;
  /** The add button: its words, what it does, its test hook. */
  add: { label: string; onClick: () => void; 'data-testid': string };
  /** The row's actions (managers only), under the Actions title. */
  actions?: (row: T) => ReactNode;
  /** The actions column's title (defaults to the Notification app's "Actions"). */
  actionsTitle?: string;
}

export function ToolbarTable<T extends object>({
  columns,
  canManage,
  add,
  actions,
  actionsTitle,
  ...table
}: ToolbarTableProps<T>) {
  const { t } = useTranslation();
  const all: ColumnsType<T> =
    canManage && actions
      ? [
          ...columns,
          {
            key: 'actions',
            title: actionsTitle ?? t('notify.actions'),
            render: (_: unknown, row: T) => actions(row),
          },
        ]
      : columns;
  return (
    <>
      {canManage && (
        <Space className="page-toolbar">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={add.onClick}
            data-testid={add['data-testid']}
          >
            {add.label}
          </Button>
        </Space>
      )}
      <Table<T> rowKey="id" size="middle" pagination={false} {...table} columns={all} />
    </>
  );
}
