/** The EventRule page: the rules, added, edited and deleted by its managers. */
import { useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { watches, type EventRuleView } from '@edge/protocol';
import { RowActions } from '../../components/table/RowActions.tsx';
import { ToolbarTable } from '../../components/table/ToolbarTable.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { SeverityTag } from '../messages/SeverityTag.tsx';
import { useDeleteRule, useRules } from '../messages/api.ts';
import { quietHoursText } from './QuietHoursFields.tsx';
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
      <ToolbarTable<EventRuleView>
        canManage={canManage}
        add={{ label: t('notify.addRule'), onClick: () => setEditing(NEW), 'data-testid': 'rule-new' }}
        loading={isFetching}
        dataSource={rules}
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
            // What the rule's events are about: devices, the controller, profiles (only those it watches).
            render: (_: unknown, r) =>
              [
                watches(r.events, 'device') &&
                  (r.allDevices
                    ? t('notify.allDevices')
                    : t('notify.scopeCount', { devices: r.deviceIds.length, groups: r.groupIds.length })),
                watches(r.events, 'controller') && r.controller && t('notify.controller'),
                watches(r.events, 'profile') && t('notify.profileCount', { count: r.profileIds.length }),
              ]
                .filter(Boolean)
                .join('; '),
          },
          { title: t('notify.holdOff'), dataIndex: 'holdOffMinutes' },
          {
            title: t('notify.quietHours'),
            render: (_: unknown, r) => quietHoursText(r),
          },
          {
            title: t('notify.escalateMinutes'),
            dataIndex: 'escalateMinutes',
            render: (v: number) => v || '—',
          },
        ]}
        actions={(r) => (
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
        )}
      />
      {editing !== null && (
        <RuleModal rule={editing === NEW ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
