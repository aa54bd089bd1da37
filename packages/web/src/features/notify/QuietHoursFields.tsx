/**
 * Quiet hours, HH:MM to HH:MM in the console's time zone, as an event rule and a contact both ask for them
 * (the check is protocol's checkQuietHours: both ends or neither). Each end checks the other again.
 */
import type { ReactNode } from 'react';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SchemaField } from '../../components/form/useSchemaFields.tsx';

/** Quiet hours as a list shows them ('22:00–06:30'), or a dash when there are none. */
export const quietHoursText = ({ quietFrom, quietTo }: { quietFrom?: unknown; quietTo?: unknown }): string =>
  quietFrom ? `${String(quietFrom)}–${String(quietTo)}` : '—';

/** `hint`: what the quiet hours do where they are asked for (a rule's, or a contact's own). */
export function QuietHoursFields({ field, hint }: { field: SchemaField; hint: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('notify.quietHours')} extra={hint}>
      <Space>
        {field('quietFrom', 'notify.quietFrom', <Input maxLength={5} style={{ width: 90 }} />, {
          dependencies: ['quietTo'],
        })}
        {field('quietTo', 'notify.quietTo', <Input maxLength={5} style={{ width: 90 }} />, {
          dependencies: ['quietFrom'],
        })}
      </Space>
    </Form.Item>
  );
}
