/** SPEC 3 Container licence: per application, the seats the licences in force grant, used and left. */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContainerLicense } from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { useContainerLicenses } from './api.ts';

export function ContainerLicenses() {
  const { t } = useTranslation();
  const { data, isLoading } = useContainerLicenses();
  return (
    <Card className="settings-card" title={t('license.containers')}>
      <PaginatedTable<ContainerLicense>
        rowKey="applicationName"
        size="middle"
        loading={isLoading}
        dataSource={data ?? []}
        locale={{ emptyText: t('license.noContainers') }}
        data-testid="container-licenses"
        columns={[
          { key: 'app', dataIndex: 'applicationName', title: t('license.applicationName') },
          { key: 'count', dataIndex: 'count', title: t('license.count') },
          { key: 'used', dataIndex: 'used', title: t('license.used') },
          { key: 'unused', dataIndex: 'unused', title: t('license.unused') },
          { key: 'start', dataIndex: 'startDate', title: t('license.startDate') },
          { key: 'end', dataIndex: 'endDate', title: t('license.endDate') },
        ]}
      />
    </Card>
  );
}
