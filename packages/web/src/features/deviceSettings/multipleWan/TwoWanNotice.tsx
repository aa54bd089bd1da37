/**
 * SPEC 8: Multiple WAN needs two WAN interfaces. Shown instead of the form on a device with fewer, with
 * the steps that get it there (two ports as WAN, each with an IP) or the way out (Single WAN mode).
 */
import { Alert, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../i18n/messageText.ts';
import { settingsPath } from '../paths.ts';

const NEEDS_TWO = 'multipleWanNeedsTwo' as const;
const STEPS = ['setPorts', 'getIp', 'single'] as const;

export function TwoWanNotice({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="multiple-wan-needs-two"
      title={messageText(t, NEEDS_TWO)}
      description={
        <>
          <Typography.Text>{t('deviceSettings.multipleWan.needsTwo.intro')}</Typography.Text>
          <ol>
            {STEPS.map((step) => (
              <li key={step}>{t(`deviceSettings.multipleWan.needsTwo.${step}`)}</li>
            ))}
          </ol>
          <Link to={settingsPath(deviceId, 'portType')}>
            {t('deviceSettings.multipleWan.needsTwo.openPortType')}
          </Link>
        </>
      }
    />
  );
}
