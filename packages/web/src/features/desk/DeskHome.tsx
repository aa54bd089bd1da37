/** /desk: a greeting and the user's apps as icons. */
import { Empty } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useVisibleModules } from '../../app/useVisibleModules.ts';
import { useAccountInfo } from '../account/api.ts';
import { usePermission } from '../account/permissions.ts';
import { TrialNotice } from '../license/TrialNotice.tsx';
import { AppGrid, type DeskApp } from './AppGrid.tsx';

/** Weekday and full date in the user's language (dayjs follows the language). */
const TODAY_FORMAT = 'dddd, D MMMM YYYY';

export function DeskHome() {
  const { t } = useTranslation();
  const { data: me } = useAccountInfo();
  const navigate = useNavigate();
  const mayLicense = usePermission('License').view;
  const apps: DeskApp[] = useVisibleModules().map((m) => ({
    key: m.key,
    title: t(m.titleKey),
    icon: <m.icon />,
    color: m.color,
    to: `/desk/${m.route}`,
  }));
  return (
    // The desktop is the page's main landmark; the header above it is the only banner.
    <main className="desk-home">
      <div className="desk-surface">
        <div className="desk-greeting">
          <h1>{t('desk.welcome', { name: me?.name ?? '' })}</h1>
          <p>{dayjs().format(TODAY_FORMAT)}</p>
        </div>
        {/* SPEC 8: the expired trial is said where everyone lands; its contact button opens the sales form. */}
        <TrialNotice
          expiredOnly
          onContact={mayLicense ? () => void navigate('/desk/license?sales=1') : undefined}
        />
        {apps.length ? (
          <AppGrid apps={apps} />
        ) : (
          <Empty className="desk-empty" description={t('desk.noApps')} />
        )}
      </div>
    </main>
  );
}
