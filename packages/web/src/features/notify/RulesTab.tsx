/** The EventRule page: the rules, added, edited and deleted by its managers. */
import { useState } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EventRuleView } from '@edge/protocol';
import { RowActions } from '../../components/table/RowActions.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { SeverityTag } from '../messages/SeverityTag.tsx';
import { useDeleteRule, useRules } from '../messages/api.ts';
import { RuleModal } from './RuleModal.tsx';

const NEW = 'new';

export function RulesTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const { data: rules = [], isFetching } = useRules();
  const [editing, setEditing] = useState<EventRuleView | null | typeof NEW>(null);
  const remove = useDeleteRule();
  const { act } = useConfirmAct();
  return (
    <>
      {canManage && (
        <Space className="page-toolbar">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(NEW)}
            data-testid="rule-new"
          >
            {t('notify.addRule')}
          </Button>
        </Space>
      )}
      <Table<EventRuleView>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={rules}
        pagination={false}
        data-testid="rules-table"
        columns={[
          { title: t('notify.ruleName'), dataIndex: 'name' },
          { title: t('notify.description'), dataIndex: 'description' },
          {
            title: t('notify.events'),
            dataIndex: 'events',
            render: (events: EventRuleView['events']) =>
              events.map((e) => <Tag key={e}>{t(`alertMessages.events.${e}`)}</Tag>),
          },
          {
            title: t('alertMessages.severityLabel'),
            dataIndex: 'severity',
            render: (s) => <SeverityTag severity={s} />,
          },
          {
            title: t('notify.scope'),
            render: (_: unknown, r) =>
              r.allDevices
                ? t('notify.allDevices')
                : t('notify.scopeCount', { devices: r.deviceIds.length, groups: r.groupIds.length }),
          },
          { title: t('notify.holdOff'), dataIndex: 'holdOffMinutes' },
          ...(canManage
            ? [
                {
                  title: t('notify.actions'),
                  render: (_: unknown, r: EventRuleView) => (
                    <RowActions
                      data-testid={`rule-${r.id}`}
                      onEdit={() => setEditing(r)}
                      onDelete={() =>
                        act({
                          confirm: { message: t('notify.confirmDeleteRule', { name: r.name }) },
                          run: () => remove.mutateAsync(r.id),
                          done: t('notify.deleted'),
                        })
                      }
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing !== null && (
        <RuleModal rule={editing === NEW ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
