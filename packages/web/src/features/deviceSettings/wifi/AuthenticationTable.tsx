/**
 * The Wi-Fi authentication list (SPEC 2): when it is not empty, only the listed stations may join. Edited in
 * the browser and sent with the rest of the Wi-Fi section by its Apply.
 */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WifiAuthentication, WifiSection } from '@edge/protocol';
import { RuleTableEditor } from '../../../components/table/RuleTableEditor.tsx';
import { AuthenticationForm } from './AuthenticationForm.tsx';

export function AuthenticationTable({
  rows,
  onChange,
  doc,
}: {
  rows: WifiAuthentication[];
  onChange: (rows: WifiAuthentication[]) => void;
  /** The rest of the section, which the rows are checked with. */
  doc: Omit<WifiSection, 'authentication'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.wifi.authTitle')}
      </Typography.Title>
      <RuleTableEditor<WifiAuthentication>
        data-testid="wifi-auth"
        rows={rows}
        onChange={onChange}
        addLabel={t('deviceSettings.wifi.authAdd')}
        deleteConfirm={(entry) => t('deviceSettings.wifi.authDeleteConfirm', { name: entry.name })}
        columns={[
          { title: t('deviceSettings.wifi.authName'), dataIndex: 'name' },
          { title: t('deviceSettings.wifi.authMac'), dataIndex: 'mac' },
        ]}
        renderForm={(props) => <AuthenticationForm doc={doc} {...props} />}
      />
    </>
  );
}
