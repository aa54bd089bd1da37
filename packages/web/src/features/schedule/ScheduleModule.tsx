/**
 * The Schedule app (SPEC 2, 3): the calendar of every schedule's occurrences in the console's time zone
 * (said above it), and the list of schedules to edit or delete with confirmation. Creating is the sidebar
 * panel's (SchedulePanel).
 */
import { useMemo, useState } from 'react';
import { Alert, Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScheduleView } from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { RowActions } from '../../components/table/RowActions.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import { useDeleteSchedule, useGroupColours, useScheduleGroups, useSchedules } from './api.ts';
import { groupLook } from './colours.ts';
import { JobDrawer } from './JobDrawer.tsx';
import { ScheduleCalendar } from './ScheduleCalendar.tsx';
import { ScheduleForm, weekdayName } from './ScheduleForm.tsx';

const SHORT_DAY = 'ddd';
import { TASK_TYPE_KEYS } from './taskTypes.ts';
import '../../components/page.css';
import './schedule.css';

export default function ScheduleModule() {
  const { t } = useTranslation();
  const schedules = useSchedules();
  const groups = useScheduleGroups();
  const colours = useGroupColours();
  const remove = useDeleteSchedule();
  const { act } = useConfirmAct();
  const mayCreate = usePermission('ScheduleCreate').view;
  const [jobId, setJobId] = useState<number | null>(null);
  const [editing, setEditing] = useState<ScheduleView | undefined>();
  const groupName = useMemo(() => new Map((groups.data ?? []).map((g) => [g.id, g.name])), [groups.data]);

  const openSchedule = (id: number) => {
    const found = schedules.data?.list.find((s) => s.id === id);
    if (found && mayCreate) setEditing(found);
  };
  const deleteSchedule = (s: ScheduleView) =>
    act({
      confirm: {
        message: t('schedule.confirmDelete', { name: s.name }),
        danger: true,
        okText: t('schedule.delete'),
      },
      run: () => remove.mutateAsync(s.id),
      done: messageText(t, 'scheduleDeleted'),
    });

  return (
    <div className="settings-stack schedule-page">
      {schedules.data && (
        <Alert
          type="info"
          showIcon
          data-testid="schedule-time-zone"
          title={t('schedule.timeZone', { zone: schedules.data.timeZone })}
        />
      )}
      <Card className="settings-card">
        <ScheduleCalendar
          colours={colours.data}
          version={schedules.dataUpdatedAt}
          onOpenJob={setJobId}
          onOpenSchedule={openSchedule}
        />
      </Card>
      <Card className="settings-card" title={t('schedule.schedules')}>
        <PaginatedTable<ScheduleView>
          rowKey="id"
          size="middle"
          loading={schedules.isLoading}
          dataSource={schedules.data?.list ?? []}
          scroll={SCROLL_X}
          data-testid="schedule-table"
          columns={[
            { key: 'name', dataIndex: 'name', title: t('schedule.name') },
            {
              key: 'group',
              title: t('schedule.group'),
              render: (_, s) =>
                s.groupId === null ? (
                  ''
                ) : (
                  <Tag color={groupLook(colours.data, s.groupId).colour}>
                    {groupName.get(s.groupId) ?? s.groupId}
                  </Tag>
                ),
            },
            {
              key: 'type',
              title: t('schedule.taskType'),
              render: (_, s) => (s.functionType ? t(TASK_TYPE_KEYS[s.functionType]!) : s.kind),
            },
            { key: 'selection', title: t('schedule.selection'), render: (_, s) => s.selection.length },
            {
              key: 'dates',
              title: t('schedule.dates'),
              render: (_, s) => `${s.startDate} - ${s.endDate ?? ''}`,
            },
            { key: 'startTime', dataIndex: 'startTime', title: t('schedule.startTime') },
            {
              key: 'weekdays',
              title: t('schedule.weekdays'),
              render: (_, s) => s.weekdays.map((d) => weekdayName(d, SHORT_DAY)).join(', '),
            },
            ...(mayCreate
              ? [
                  {
                    key: 'actions',
                    title: t('schedule.actions'),
                    render: (_: unknown, s: ScheduleView) => (
                      <RowActions
                        data-testid={`schedule-${s.id}`}
                        onEdit={() => setEditing(s)}
                        onDelete={() => void deleteSchedule(s)}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <ScheduleForm
        open={editing !== undefined}
        schedule={editing}
        taskTypes={editing?.functionType ? [editing.functionType] : []}
        onClose={() => setEditing(undefined)}
      />
      <JobDrawer jobId={jobId} onClose={() => setJobId(null)} />
    </div>
  );
}
