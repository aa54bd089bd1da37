/** A message's severity (SPEC 9: informational, warning, critical) as a coloured tag. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Severity } from '@edge/protocol';

const COLOUR: Record<Severity, string> = { informational: 'blue', warning: 'orange', critical: 'red' };

export function SeverityTag({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  return <Tag color={COLOUR[severity]}>{t(`alertMessages.severity.${severity}`)}</Tag>;
}
