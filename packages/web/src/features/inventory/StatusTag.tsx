/** Tags of the SPEC 4 device states, in the user's language, coloured by status.ts. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceStatusLabel, LoadLevel, SignalQuality } from '@edge/protocol';
import { LOAD_TAG_COLORS, SIGNAL_TAG_COLORS, statusTagColor } from './status.ts';

export function StatusTag({ status, testId }: { status: DeviceStatusLabel; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusTagColor(status)} data-status={status} data-testid={testId}>
      {t(`inventory.status.${status}`)}
    </Tag>
  );
}

export function SignalTag({ quality }: { quality: SignalQuality | null }) {
  const { t } = useTranslation();
  if (!quality) return <span className="muted">{t('inventory.notAvailable')}</span>;
  return <Tag color={SIGNAL_TAG_COLORS[quality]}>{t(`inventory.signal.${quality}`)}</Tag>;
}

export function LoadTag({ level }: { level: LoadLevel | null }) {
  const { t } = useTranslation();
  if (!level) return <span className="muted">{t('inventory.notAvailable')}</span>;
  return <Tag color={LOAD_TAG_COLORS[level]}>{t(`inventory.load.${level}`)}</Tag>;
}
