/** Quick select (SPEC 2): fills the APN form from one of the device's saved profiles, to use or edit it. */
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApnProfile } from '@edge/protocol';

/** The field has no form name (it only fills others), so its label is tied to it by id. */
const QUICK_SELECT_ID = 'apn-quick-select';

export function QuickSelect({
  profiles,
  onPick,
}: {
  profiles: readonly ApnProfile[];
  onPick: (profile: ApnProfile) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('deviceSettings.mobileNetwork.quickSelect')} htmlFor={QUICK_SELECT_ID}>
      <Select<string>
        id={QUICK_SELECT_ID}
        style={{ minWidth: 240 }}
        data-testid="apn-quick-select"
        value={null}
        placeholder={t('deviceSettings.mobileNetwork.quickSelectPlaceholder')}
        disabled={profiles.length === 0}
        options={profiles.map((p) => ({ value: p.name, label: p.name }))}
        onChange={(name) => {
          const profile = profiles.find((p) => p.name === name);
          if (profile) onPick(profile);
        }}
      />
    </Form.Item>
  );
}
