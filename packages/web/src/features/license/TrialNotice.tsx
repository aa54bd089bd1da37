/**
 * SPEC 8: 'Your trial period has expired...' with a contact button; while the trial runs, when it ends;
 * and how many devices are License Lock. Shown on the License app and, once expired, on the desktop.
 */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../i18n/messageText.ts';
import { formatDate } from '../../components/DateText.tsx';
import { useLicenseStatus } from './api.ts';

export function TrialNotice({ onContact, expiredOnly }: { onContact?: () => void; expiredOnly?: boolean }) {
  const { t } = useTranslation();
  const { data } = useLicenseStatus();
  if (!data) return null;
  const { trial, lockedDevices } = data;
  const expiredText = messageText(t, 'trialExpired');
  const contact = onContact && (
    <Button size="small" onClick={onContact} data-testid="trial-contact">
      {t('license.contact')}
    </Button>
  );
  if (trial.inUse && trial.expired)
    return <Alert type="error" showIcon data-testid="trial-expired" title={expiredText} action={contact} />;
  if (expiredOnly) return null;
  return (
    <>
      {trial.inUse && (
        <Alert
          type="info"
          showIcon
          data-testid="trial-active"
          title={t('license.trialActive', { date: formatDate(trial.expiresAt) ?? '' })}
          action={contact}
        />
      )}
      {lockedDevices > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="license-locked"
          title={t('license.lockedDevices', { number: lockedDevices })}
        />
      )}
    </>
  );
}
