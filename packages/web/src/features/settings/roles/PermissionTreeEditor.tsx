/**
 * The permission tree as a table: apps, each expandable to its child pages, with an Enable and a
 * Management checkbox per item (SPEC 6: control.enable and isManagement).
 */
import { useMemo, useState } from 'react';
import { Button, Checkbox, Space, Table, Tag, type TableColumnsType } from 'antd';
import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AppKey, ChildKey, PermissionKey, PermissionNode } from '@edge/protocol';
import { completeTree, enabledCount, setGrant, type GrantField } from './permissionTree.ts';

interface Row {
  key: PermissionKey;
  app: boolean;
  node: PermissionNode;
  children?: Row[];
}

const rowClass = (row: Row) => (row.app ? 'permission-app-row' : 'permission-page-row');

export interface PermissionTreeEditorProps {
  value: readonly PermissionNode[];
  onChange?: (tree: PermissionNode[]) => void;
  readOnly?: boolean;
}

export function PermissionTreeEditor({ value, onChange, readOnly }: PermissionTreeEditorProps) {
  const { t } = useTranslation();
  const tree = useMemo(() => completeTree(value), [value]);
  const [expanded, setExpanded] = useState<readonly PermissionKey[]>([]);
  const expandable = tree.filter((a) => a.children.length > 0).map((a) => a.key);

  const rows: Row[] = tree.map((app) => ({
    key: app.key,
    app: true,
    node: app,
    children: app.children.length
      ? app.children.map((c) => ({ key: c.key, app: false, node: c }))
      : undefined,
  }));

  const label = (row: Row) => (row.app ? t(`apps.${row.key as AppKey}`) : t(`pages.${row.key as ChildKey}`));
  const change = (key: PermissionKey, field: GrantField, checked: boolean) =>
    onChange?.(setGrant(tree, key, field, checked));

  const box = (row: Row, field: GrantField) => {
    const checked = field === 'enable' ? row.node.control.enable : row.node.isManagement;
    const what = field === 'enable' ? t('roles.enable') : t('roles.management');
    return (
      <Checkbox
        checked={checked}
        disabled={readOnly}
        onChange={(e) => change(row.key, field, e.target.checked)}
        aria-label={`${label(row)}: ${what}`}
        data-testid={`perm-${field === 'enable' ? 'enable' : 'manage'}-${row.key}`}
      />
    );
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: t('roles.item'),
      render: (_, row) => (
        <span className={row.app ? 'permission-app' : 'permission-page'}>
          {label(row)}
          {row.app && row.node.children.length > 0 && (
            <Tag className="permission-count" bordered={false}>
              {enabledCount(row.node.children)}/{row.node.children.length}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'enable',
      title: t('roles.enable'),
      width: 120,
      align: 'center',
      render: (_, row) => box(row, 'enable'),
    },
    {
      key: 'isManagement',
      title: t('roles.management'),
      width: 140,
      align: 'center',
      render: (_, row) => box(row, 'isManagement'),
    },
  ];

  return (
    <div className="permission-tree" data-testid="permission-tree">
      <Space className="permission-tree-tools">
        <Button
          size="small"
          icon={<PlusSquareOutlined />}
          onClick={() => setExpanded(expandable)}
          data-testid="perm-expand-all"
        >
          {t('roles.expandAll')}
        </Button>
        <Button size="small" icon={<MinusSquareOutlined />} onClick={() => setExpanded([])}>
          {t('roles.collapseAll')}
        </Button>
      </Space>
      <Table<Row>
        size="small"
        pagination={false}
        dataSource={rows}
        rowKey="key"
        expandable={{
          expandedRowKeys: [...expanded],
          onExpand: (open, row) =>
            setExpanded((keys) => (open ? [...keys, row.key] : keys.filter((k) => k !== row.key))),
        }}
        rowClassName={rowClass}
        columns={columns}
      />
    </div>
  );
}
