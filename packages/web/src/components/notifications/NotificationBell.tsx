/** The header bell: unread count, and a drawer with every kept notification, newest first. */
import { useState } from 'react';
import { Badge, Button, Drawer, Empty, Progress, Tooltip, Typography } from 'antd';
import { BellOutlined, CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NotificationEntry } from '@edge/protocol';
import { notificationStore } from './store.ts';
import { useNotifications } from './useNotifications.ts';
import { useKeptNotifications } from './server.ts';

const LEVEL_ICON = {
  check: <CheckCircleFilled className="level-check" />,
  info: <InfoCircleFilled className="level-info" />,
  error: <CloseCircleFilled className="level-error" />,
} as const;

function EntryRow({ entry }: { entry: NotificationEntry }) {
  const { t } = useTranslation();
  return (
    <li className="notification-entry" data-level={entry.level}>
      <span className="notification-entry-icon" aria-label={t(`notifications.levels.${entry.level}`)}>
        {LEVEL_ICON[entry.level]}
      </span>
      <div className="notification-entry-body">
        <Typography.Text>{entry.value}</Typography.Text>
        <Typography.Text type="secondary" className="notification-entry-title">
          {entry.title}
        </Typography.Text>
        {entry.progress < 100 && <Progress percent={entry.progress} size="small" />}
      </div>
    </li>
  );
}

/** `userId`: the signed-in user's, whose kept list the bell follows live (none: this tab's list only). */
export function NotificationBell({ userId }: { userId?: number }) {
  const { t } = useTranslation();
  // The bell sits in the signed-in header: while it is there, the list is the user's list on the console.
  useKeptNotifications(userId);
  const { entries, unread } = useNotifications();
  const [open, setOpen] = useState(false);

  const show = () => {
    setOpen(true);
    notificationStore.markAllRead();
  };

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <Badge count={unread} size="small" overflowCount={99}>
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined />}
            onClick={show}
            aria-label={t('notifications.title')}
            data-testid="notifications"
          />
        </Badge>
      </Tooltip>
      <Drawer
        title={t('notifications.title')}
        open={open}
        onClose={() => setOpen(false)}
        size={380}
        extra={
          entries.length > 0 && (
            <Button size="small" onClick={() => notificationStore.clear()}>
              {t('notifications.clear')}
            </Button>
          )
        }
      >
        {entries.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
        ) : (
          <ul className="notification-list" data-testid="notification-list">
            {entries.map((e) => (
              <EntryRow key={e.id} entry={e} />
            ))}
          </ul>
        )}
      </Drawer>
    </>
  );
}
