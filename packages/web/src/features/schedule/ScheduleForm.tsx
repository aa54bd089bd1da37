/**
 * Add or edit a schedule (SPEC 2, 3, 5): name, group, selection of the group's devices, task type, start
 * and end date, start time, weekdays Sunday to Saturday. The fields are checked with the protocol's own
 * scheduleRequest, so the form says what the API would.
 */
import { useEffect, useMemo } from 'react';
import { Checkbox, Col, DatePicker, Form, Input, Modal, Row, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  DATE_FORMAT,
  SCHEDULE_NAME_MAX,
  WEEKDAYS,
  scheduleRequest,
  type ScheduleRequest,
  type ScheduleView,
} from '@edge/protocol';
import { schemaFieldRules } from '../../components/schemaRules.ts';
import { useRevalidateOnLanguage } from '../../components/useRevalidateOnLanguage.ts';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useAddSchedule, useEditSchedule, useScheduleGroups } from './api.ts';
import { TASK_TYPE_KEYS } from './taskTypes.ts';

interface Values {
  name?: string;
  groupId?: number;
  selection?: string[];
  functionType?: number;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  startTime?: Dayjs | null;
  weekdays?: number[];
}

const FIELDS = [
  'name',
  'groupId',
  'selection',
  'functionType',
  'startDate',
  'endDate',
  'startTime',
  'weekdays',
] as const;
const TIME_FORMAT = 'HH:mm';
const WORKDAYS = [1, 2, 3, 4, 5];
const SEARCH_BY_LABEL = { optionFilterProp: 'label' };
const SELECTION = 'selection';
const RESPONSIVE = 'responsive';
/** The weekday's name in the user's language (dayjs follows it). */
export const weekdayName = (day: number, format = 'dddd') => dayjs().day(day).format(format);

const toRequest = (v: Values, params: unknown): Record<string, unknown> => ({
  name: v.name ?? '',
  groupId: v.groupId,
  selection: v.selection ?? [],
  functionType: v.functionType,
  startDate: v.startDate?.format(DATE_FORMAT),
  endDate: v.endDate?.format(DATE_FORMAT),
  startTime: v.startTime?.format(TIME_FORMAT),
  weekdays: v.weekdays ?? [],
  params,
});

const valuesOf = (s: ScheduleView): Values => ({
  name: s.name,
  groupId: s.groupId ?? undefined,
  selection: s.selection,
  functionType: s.functionType ?? undefined,
  startDate: dayjs(s.startDate),
  endDate: s.endDate ? dayjs(s.endDate) : null,
  startTime: dayjs(`2000-01-01T${s.startTime}`),
  weekdays: s.weekdays,
});

export interface ScheduleFormProps {
  open: boolean;
  /** The schedule to edit; a new one otherwise. */
  schedule?: ScheduleView;
  /** The task types offered for a new schedule, and the one chosen. */
  taskTypes: readonly number[];
  taskType?: number;
  onClose: () => void;
}

export function ScheduleForm({ open, schedule, taskTypes, taskType, onClose }: ScheduleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const groups = useScheduleGroups();
  const add = useAddSchedule();
  const edit = useEditSchedule();
  const { act } = useConfirmAct();
  const groupId = Form.useWatch('groupId', form);
  const params = schedule?.params ?? {};

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      schedule
        ? valuesOf(schedule)
        : { functionType: taskType ?? taskTypes[0], weekdays: WORKDAYS, startDate: dayjs(), selection: [] },
    );
  }, [open, schedule, taskType, taskTypes, form]);

  const rules = schemaFieldRules(t, scheduleRequest, FIELDS, () =>
    toRequest(form.getFieldsValue(true), params),
  );
  const devices = useMemo(
    () => groups.data?.find((g) => g.id === groupId)?.devices ?? [],
    [groups.data, groupId],
  );
  const typeOptions = schedule?.functionType ? [schedule.functionType] : taskTypes;

  const save = () => {
    const body = scheduleRequest.parse(toRequest(form.getFieldsValue(true), params)) as ScheduleRequest;
    return act({
      confirm: schedule ? { message: t('schedule.confirmEdit', { name: schedule.name }) } : undefined,
      run: () => (schedule ? edit.mutateAsync({ ...body, id: schedule.id }) : add.mutateAsync(body)),
      done: messageText(t, schedule ? 'scheduleEdited' : 'scheduleCreated'),
      then: onClose,
    });
  };

  return (
    <Modal
      open={open}
      title={t(schedule ? 'schedule.editTitle' : 'schedule.createTitle')}
      okText={t(schedule ? 'common.save' : 'schedule.create')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || edit.isPending}
      okButtonProps={{ 'data-testid': 'schedule-save' }}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        name="schedule"
        layout="vertical"
        requiredMark={false}
        onFinish={() => void save()}
        data-testid="schedule-form"
      >
        <Form.Item name="name" label={t('schedule.name')} rules={rules.name}>
          <Input autoComplete="off" maxLength={SCHEDULE_NAME_MAX} data-testid="schedule-name" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="groupId" label={t('schedule.group')} rules={rules.groupId}>
              <Select
                data-testid="schedule-group"
                loading={groups.isLoading}
                options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
                onChange={() => form.setFieldValue(SELECTION, [])}
                showSearch={SEARCH_BY_LABEL}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="functionType" label={t('schedule.taskType')} rules={rules.functionType}>
              <Select
                data-testid="schedule-type"
                disabled={typeOptions.length < 2}
                options={typeOptions.map((type) => ({ value: type, label: t(TASK_TYPE_KEYS[type]!) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="selection" label={t('schedule.selection')} rules={rules.selection}>
          <Select
            mode="multiple"
            data-testid="schedule-selection"
            placeholder={groupId ? undefined : t('schedule.chooseGroupFirst')}
            disabled={!groupId}
            options={devices.map((d) => ({ value: d.id, label: d.name }))}
            showSearch={SEARCH_BY_LABEL}
            maxTagCount={RESPONSIVE}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="startDate" label={t('schedule.startDate')} rules={rules.startDate}>
              <DatePicker className="full-width" format={DATE_FORMAT} data-testid="schedule-start-date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="endDate" label={t('schedule.endDate')} rules={rules.endDate}>
              <DatePicker className="full-width" format={DATE_FORMAT} data-testid="schedule-end-date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="startTime" label={t('schedule.startTime')} rules={rules.startTime}>
              <TimePicker className="full-width" format={TIME_FORMAT} data-testid="schedule-start-time" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="weekdays" label={t('schedule.weekdays')} rules={rules.weekdays}>
          <Checkbox.Group
            options={WEEKDAYS.map((day) => ({
              value: day,
              label: weekdayName(day),
            }))}
            data-testid="schedule-weekdays"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
