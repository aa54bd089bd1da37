/**
 * What an address that opens no app shows: a registered app the role may not open (403), or no app at all
 * at this address (404).
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function AddressNotice({ appExists }: { appExists: boolean }) {
  const { t } = useTranslation();
  return (
    <Result
      status={appExists ? '403' : '404'}
      title={appExists ? t('desk.notAllowed') : t('desk.notFound')}
      subTitle={appExists ? t('desk.notAllowedDetail') : t('desk.notFoundDetail')}
      extra={
        <Link to="/desk">
          <Button type="primary">{t('desk.backToDesktop')}</Button>
        </Link>
      }
    />
  );
}
