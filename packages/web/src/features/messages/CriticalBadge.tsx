/**
 * The header's badge of unread critical messages, live (the messages channel): it leads to Messages, and
 * each new critical message also goes into the desktop's notification list. Shown to Message viewers only;
 * the count is the user's own (read state is kept per user).
 */
import { useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LIVE_CHANNELS } from '@edge/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../live/useChannel.ts';
import { notificationStore } from '../../components/notifications/store.ts';
import { usePermissionTree } from '../../app/useVisibleModules.ts';
import { allowsIn } from '../diagnose/permissions.ts';
import { useAccountInfo } from '../account/api.ts';
import { messagesKey } from './api.ts';

export function CriticalBadge() {
  const may = allowsIn(usePermissionTree());
  return may.view('Message') ? <LiveBadge /> : null;
}

/** The badge follows the signed-in user's own key: read state is per user. */
function LiveBadge() {
  const me = useAccountInfo().data?.id;
  return me === undefined ? null : <UserBadge userId={me} />;
}

function UserBadge({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [count, setCount] = useState(0);
  useChannel(LIVE_CHANNELS.messages, String(userId), (data) => {
    setCount(data.unreadCritical);
    const m = data.message;
    if (m) void client.invalidateQueries({ queryKey: messagesKey });
    // A new critical message (not a repeat counted up on one) joins the notification list.
    if (m && m.severity === 'critical' && m.count === 1 && !m.read)
      notificationStore.add({
        level: 'error',
        type: 'message',
        value: `${t(`alertMessages.events.${m.event}`)}: ${m.deviceName || m.ruleName} — ${m.detail}`,
        date: m.createdAt,
      });
  });
  return (
    <Tooltip title={t('alertMessages.unreadCritical')}>
      <Badge count={count} size="small" overflowCount={99}>
        <Button
          type="text"
          shape="circle"
          icon={<AlertOutlined />}
          aria-label={t('alertMessages.unreadCritical')}
          onClick={() => navigate('/desk/messages')}
          data-testid="critical-badge"
        />
      </Badge>
    </Tooltip>
  );
}
