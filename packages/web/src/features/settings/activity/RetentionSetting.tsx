/** How many days the activity log is kept (an administrator's setting; older rows are pruned). */
import { useState } from 'react';
import { Button, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_RETENTION, retentionDaysRule } from '@edge/protocol';
import { toast } from '../../../components/notifications/toast.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { usePermission } from '../../account/permissions.ts';
import { useRetention, useSaveRetention } from './api.ts';

export function RetentionSetting() {
  const { t } = useTranslation();
  const { manage } = usePermission('Activity');
  const { data } = useRetention();
  const save = useSaveRetention();
  // What the user typed, until saved; otherwise the stored setting.
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const days = draft === undefined ? (data?.days ?? null) : draft;
  const problem = days === null ? 'retentionDaysRange' : retentionDaysRule(days);

  return (
    <Space data-testid="activity-retention">
      <label htmlFor="activity-retention-days">{t('activityRetention.keepFor')}</label>
      <InputNumber
        id="activity-retention-days"
        min={ACTIVITY_RETENTION.minDays}
        max={ACTIVITY_RETENTION.maxDays}
        precision={0}
        value={days}
        disabled={!manage}
        status={problem ? 'error' : undefined}
        title={problem ? messageText(t, problem) : undefined}
        onChange={(v) => setDraft(v)}
        addonAfter={t('activityRetention.days')}
      />
      <Button
        disabled={!manage || problem !== null || days === data?.days}
        loading={save.isPending}
        onClick={() =>
          void save.mutateAsync({ days: days! }).then(() => {
            setDraft(undefined);
            toast.success(t('messages.saved'));
          })
        }
      >
        {t('activityRetention.save')}
      </Button>
    </Space>
  );
}
