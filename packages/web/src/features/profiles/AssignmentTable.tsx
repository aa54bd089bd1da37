/** The devices a profile was applied to: holding it, still pending, failed, or drifted since (changed by hand). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssignmentView } from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { useAssignments } from './api.ts';
import { ChangesTable } from './DryRunTable.tsx';

const COLOURS: Record<AssignmentView['state'], string> = {
  applied: 'green',
  pending: 'default',
  failed: 'red',
  drifted: 'orange',
};

export function AssignmentTable({ profileId }: { profileId: number }) {
  const { t } = useTranslation();
  const assignments = useAssignments(profileId);
  return (
    <PaginatedTable<AssignmentView>
      size="small"
      rowKey="deviceId"
      loading={assignments.isLoading}
      dataSource={assignments.data ?? []}
      data-testid="profile-assignments"
      expandable={{
        rowExpandable: (a) => a.drift.length > 0,
        expandedRowRender: (a) => <ChangesTable changes={a.drift} data-testid="profile-drift" />,
      }}
      columns={[
        { title: t('profiles.device'), dataIndex: 'name' },
        {
          title: t('profiles.assignment.state'),
          render: (_, a) => (
            <Tag color={COLOURS[a.state]} data-testid="profile-assignment-state">
              {t(`profiles.assignment.states.${a.state}`)}
            </Tag>
          ),
        },
        {
          title: t('profiles.assignment.appliedAt'),
          render: (_, a) => new Date(a.appliedAt).toLocaleString(),
        },
      ]}
    />
  );
}
