/**
 * The sidebar's Schedule panel (SPEC 2): the Create button, shown only when the role has the ScheduleCreate
 * control (SPEC 6); the task-type selector, whose only option is Backup; and 'My Calender', a checkbox per
 * device group with a colour picker. Ticks and colours are kept per user and colour the calendar.
 */
import { useState } from 'react';
import { Button, Checkbox, ColorPicker, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../account/permissions.ts';
import { useGroupColours, useScheduleGroups, useSetGroupColour } from './api.ts';
import { groupLook } from './colours.ts';
import { ScheduleForm } from './ScheduleForm.tsx';
import { BACKUP_TYPE, CREATABLE_TYPES, TASK_TYPE_KEYS } from './taskTypes.ts';
import './schedule.css';

export default function SchedulePanel() {
  const { t } = useTranslation();
  const mayCreate = usePermission('ScheduleCreate').view;
  const groups = useScheduleGroups();
  const colours = useGroupColours();
  const setColour = useSetGroupColour();
  const [taskType, setTaskType] = useState<number>(BACKUP_TYPE);
  const [creating, setCreating] = useState(false);

  return (
    <section className="schedule-panel" aria-label={t('schedule.panel')} data-testid="schedule-panel">
      {mayCreate && (
        <Button
          type="primary"
          block
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="schedule-create"
        >
          {t('schedule.create')}
        </Button>
      )}
      <label className="schedule-panel-label" htmlFor="schedule-task-type">
        {t('schedule.taskType')}
      </label>
      <Select
        id="schedule-task-type"
        className="full-width"
        value={taskType}
        onChange={setTaskType}
        options={CREATABLE_TYPES.map((type) => ({ value: type, label: t(TASK_TYPE_KEYS[type]!) }))}
        data-testid="schedule-task-type"
      />
      <Typography.Title level={2} className="schedule-panel-title subsection-title">
        {t('schedule.myCalendar')}
      </Typography.Title>
      {groups.data?.length === 0 && <p className="card-intro">{t('schedule.noGroups')}</p>}
      <ul className="schedule-groups" data-testid="schedule-my-calendar">
        {(groups.data ?? []).map((group) => {
          const look = groupLook(colours.data, group.id);
          return (
            <li key={group.id}>
              <Checkbox
                checked={look.shown}
                onChange={(e) =>
                  setColour.mutate({ groupId: group.id, colour: look.colour, shown: e.target.checked })
                }
              >
                {group.name}
              </Checkbox>
              <ColorPicker
                size="small"
                value={look.colour}
                disabledAlpha
                aria-label={t('schedule.groupColour', { name: group.name })}
                onChangeComplete={(c) =>
                  setColour.mutate({ groupId: group.id, colour: c.toHexString(), shown: look.shown })
                }
              />
            </li>
          );
        })}
      </ul>
      <ScheduleForm
        open={creating}
        taskTypes={CREATABLE_TYPES}
        taskType={taskType}
        onClose={() => setCreating(false)}
      />
    </section>
  );
}
