/** How many days the activity log is kept (an administrator's setting; older rows are pruned). */
import { useEffect, useState } from 'react';
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
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    if (data) setDays(data.days);
  }, [data]);
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
        onChange={(v) => setDays(v)}
        addonAfter={t('activityRetention.days')}
      />
      <Button
        disabled={!manage || problem !== null || days === data?.days}
        loading={save.isPending}
        onClick={() =>
          void save.mutateAsync({ days: days! }).then(() => toast.success(messageText(t, 'saved')))
        }
      >
        {t('activityRetention.save')}
      </Button>
    </Space>
  );
}
