/**
 * Messages (SPEC 2): what the event rules raised, newest first, filtered by keyword, severity, read state and
 * time interval; the details of one; mark read or unread; jump to the device; assign it to To-do.
 * A repeat within its rule's hold-off window counts up on the same message (the "×n" beside it).
 */
import { useState } from 'react';
import {
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { severities, todoRequest, type AlertMessageView, type Severity } from '@edge/protocol';
import { DateText, type TimePart } from '../../components/DateText.tsx';
import { SearchBox } from '../../components/table/SearchBox.tsx';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { dashboardPath } from '../inventory/paths.ts';
import { useAddTodo } from '../todo/api.ts';
import { useMarkRead, useMessages } from './api.ts';
import { SeverityTag } from './SeverityTag.tsx';
import '../../components/page.css';

type ReadFilter = 'read' | 'unread' | undefined;

/** Times of day shown with seconds. */
const SECONDS: TimePart = 'seconds';
const READ_STATES = ['unread', 'read'] as const;
const CLICKABLE = { cursor: 'pointer' } as const;
const UNREAD = { ...CLICKABLE, fontWeight: 600 } as const;

function AssignModal({ message, onClose }: { message: AlertMessageView; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ title: string; description: string }>();
  const add = useAddTodo();
  const { act } = useConfirmAct();
  const { field } = useSchemaFields(todoRequest, ['title', 'description'], {
    values: () => form.getFieldsValue(),
  });
  return (
    <RowFormModal
      title={t('alertMessages.assign')}
      form={form}
      data-testid="assign"
      initialValues={{
        title: `${message.ruleName}${message.deviceName ? `: ${message.deviceName}` : ''}`,
        description: message.detail,
      }}
      onCancel={onClose}
      onSave={(values) =>
        act({
          run: () => add.mutateAsync({ ...values, tasks: [], messageId: message.id }),
          done: t('alertMessages.assigned'),
          then: onClose,
        })
      }
    >
      {field('title', 'alertMessages.taskTitle', <Input maxLength={128} />)}
      {field('description', 'alertMessages.description', <Input.TextArea rows={3} maxLength={1024} />)}
    </RowFormModal>
  );
}

export default function MessagesModule() {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [severity, setSeverity] = useState<Severity | undefined>();
  const [read, setRead] = useState<ReadFilter>();
  const [range, setRange] = useState<[number, number] | undefined>();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AlertMessageView | null>(null);
  const [assigning, setAssigning] = useState<AlertMessageView | null>(null);
  const markRead = useMarkRead();
  const { data, isFetching } = useMessages({
    key,
    severity,
    read,
    page,
    startDate: range?.[0],
    endDate: range?.[1],
  });

  const setReadState = (m: AlertMessageView, value: boolean) => markRead.mutate({ ids: [m.id], read: value });
  const show = (m: AlertMessageView) => {
    setOpen(m);
    if (!m.read) setReadState(m, true);
  };

  return (
    <div className="page" data-testid="messages-page">
      <Typography.Title level={2} className="subsection-title">
        {t('apps.Message')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('alertMessages.holdOffHint')}</Typography.Paragraph>
      <Space wrap className="page-toolbar">
        <SearchBox
          value={key}
          label={t('alertMessages.keyword')}
          onSearch={(v) => {
            setKey(v);
            setPage(1);
          }}
          data-testid="messages-search"
        />
        <Select
          allowClear
          placeholder={t('alertMessages.severityLabel')}
          aria-label={t('alertMessages.severityLabel')}
          style={{ minWidth: 160 }}
          value={severity}
          onChange={(v) => {
            setSeverity(v);
            setPage(1);
          }}
          options={severities.map((s) => ({ value: s, label: t(`alertMessages.severity.${s}`) }))}
          data-testid="messages-severity"
        />
        <Select
          allowClear
          placeholder={t('alertMessages.readLabel')}
          aria-label={t('alertMessages.readLabel')}
          style={{ minWidth: 140 }}
          value={read}
          onChange={(v: ReadFilter) => {
            setRead(v);
            setPage(1);
          }}
          options={READ_STATES.map((value) => ({ value, label: t(`alertMessages.${value}`) }))}
        />
        <DatePicker.RangePicker
          showTime
          aria-label={t('alertMessages.interval')}
          onChange={(values) => {
            setRange(values?.[0] && values[1] ? [values[0].valueOf(), values[1].valueOf()] : undefined);
            setPage(1);
          }}
        />
      </Space>
      <Table<AlertMessageView>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        data-testid="messages-table"
        onRow={(m) => ({
          onClick: () => show(m),
          style: m.read ? CLICKABLE : UNREAD,
        })}
        pagination={{
          current: page,
          pageSize: 10,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: t('alertMessages.severityLabel'),
            dataIndex: 'severity',
            render: (s: Severity) => <SeverityTag severity={s} />,
          },
          {
            title: t('alertMessages.event'),
            dataIndex: 'event',
            render: (_: unknown, m) => (
              <>
                {t(`alertMessages.events.${m.event}`)} {m.count > 1 && <Tag>×{m.count}</Tag>}
              </>
            ),
          },
          { title: t('alertMessages.rule'), dataIndex: 'ruleName' },
          { title: t('alertMessages.device'), dataIndex: 'deviceName' },
          {
            title: t('alertMessages.time'),
            dataIndex: 'lastAt',
            render: (v: number) => <DateText value={v} time={SECONDS} />,
          },
          {
            title: t('alertMessages.state'),
            dataIndex: 'read',
            render: (r: boolean) =>
              r ? t('alertMessages.read') : <Tag color="gold">{t('alertMessages.unread')}</Tag>,
          },
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={t('alertMessages.details')}
        size={460}
        extra={
          open && (
            <Space>
              <Button
                onClick={() => {
                  setReadState(open, false);
                  setOpen(null);
                }}
                data-testid="message-unread"
              >
                {t('alertMessages.markUnread')}
              </Button>
              <Button type="primary" onClick={() => setAssigning(open)} data-testid="message-assign">
                {t('alertMessages.assign')}
              </Button>
            </Space>
          )
        }
      >
        {open && (
          <Descriptions column={1} bordered size="small" data-testid="message-details">
            <Descriptions.Item label={t('alertMessages.severityLabel')}>
              <SeverityTag severity={open.severity} />
            </Descriptions.Item>
            <Descriptions.Item label={t('alertMessages.event')}>
              {t(`alertMessages.events.${open.event}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('alertMessages.rule')}>{open.ruleName}</Descriptions.Item>
            <Descriptions.Item label={t('alertMessages.device')}>
              {open.deviceId ? (
                <Link to={dashboardPath(open.deviceId)} data-testid="message-device">
                  {open.deviceName || open.deviceId}
                </Link>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('alertMessages.detail')}>{open.detail}</Descriptions.Item>
            <Descriptions.Item label={t('alertMessages.count')}>{open.count}</Descriptions.Item>
            <Descriptions.Item label={t('alertMessages.firstAt')}>
              <DateText value={open.createdAt} time={SECONDS} />
            </Descriptions.Item>
            <Descriptions.Item label={t('alertMessages.time')}>
              <DateText value={open.lastAt} time={SECONDS} />
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
      {assigning && (
        <AssignModal
          message={assigning}
          onClose={() => {
            setAssigning(null);
            setOpen(null);
          }}
        />
      )}
    </div>
  );
}
