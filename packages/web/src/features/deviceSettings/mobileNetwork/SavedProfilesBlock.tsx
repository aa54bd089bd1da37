/** The device's saved APN profiles (SPEC 3 saveProfile.apn_list); deleting one asks first (SPEC 5). */
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApnProfile } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { SCROLL_X, STICKY_END } from '../../../components/tableCells.tsx';
import type { SectionContext } from '../SectionFrame.tsx';
import { CALLS } from './calls.ts';

export function SavedProfilesBlock({
  profiles,
  apply,
  busy,
}: { profiles: readonly ApnProfile[] } & Pick<SectionContext, 'apply' | 'busy'>) {
  const { t } = useTranslation();
  const remove = (name: string) =>
    void apply('DELETE', CALLS.deleteProfile, { name }, t('deviceSettings.mobileNetwork.deleteConfirm'));

  return (
    <div data-testid="mobile-saved-profiles">
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.mobileNetwork.savedProfiles')}
      </Typography.Title>
      <PaginatedTable<ApnProfile>
        size="small"
        rowKey="name"
        scroll={SCROLL_X}
        dataSource={[...profiles]}
        columns={[
          { title: t('deviceSettings.mobileNetwork.fields.name'), dataIndex: 'name' },
          {
            title: t('deviceSettings.mobileNetwork.fields.type'),
            render: (_, row) => t(`deviceSettings.mobileNetwork.types.${row.type}`),
          },
          { title: t('deviceSettings.mobileNetwork.fields.apn'), dataIndex: 'apn' },
          {
            title: t('deviceSettings.mobileNetwork.fields.auth'),
            render: (_, row) => row.auth || t('deviceSettings.mobileNetwork.authNone'),
          },
          {
            title: t('deviceSettings.mobileNetwork.fields.sim'),
            render: (_, row) =>
              row.sim
                ? t(`deviceSettings.mobileNetwork.sims.${row.sim}`)
                : t('deviceSettings.mobileNetwork.simAny'),
          },
          { title: t('deviceSettings.mobileNetwork.fields.country'), dataIndex: 'country' },
          { title: t('deviceSettings.mobileNetwork.fields.operator'), dataIndex: 'operator' },
          {
            title: t('deviceSettings.actions'),
            fixed: STICKY_END,
            render: (_, row) => (
              <Button
                size="small"
                danger
                disabled={busy}
                data-testid={`mobile-profile-delete-${row.name}`}
                onClick={() => remove(row.name)}
              >
                {t('deviceSettings.delete')}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
