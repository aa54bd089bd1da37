/**
 * The Mission app's Profile Management (SPEC 1-3, 8): the policy profiles, each created and edited with the
 * device section's own editor, deleted after 'Are you sure you want to delete this profile?', dry-run and
 * rolled out to a group; and the profile templates adopted devices get (TemplatesCard).
 */
import { useState } from 'react';
import { Button, Card, Drawer, Dropdown, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PolicyProfileKind, ProfileView } from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { usePermission } from '../account/permissions.ts';
import { useDeleteProfile, useProfiles } from './api.ts';
import { ProfileEditor } from './ProfileEditor.tsx';
import { useDeleteAfterQuestion } from './profileActs.ts';
import { DocumentActions } from './DocumentActions.tsx';
import { RolloutPanel } from './RolloutPanel.tsx';
import { editableKinds } from './sectionEditors.tsx';
import { TemplatesCard } from './TemplatesCard.tsx';
import '../../components/page.css';

type Editing = { kind: PolicyProfileKind; profile?: ProfileView };

export default function ProfilesModule() {
  const { t } = useTranslation();
  const profiles = useProfiles();
  const remove = useDeleteProfile();
  const mayManage = usePermission('ProfileManagement').manage;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [rolling, setRolling] = useState<ProfileView | null>(null);

  const deleteAfterQuestion = useDeleteAfterQuestion(remove.mutateAsync);
  const deleteProfile = (profile: ProfileView) => deleteAfterQuestion(profile.id);

  const policies = (
    <Card
      title={t('profiles.title')}
      extra={
        <Space wrap>
          <DocumentActions mayManage={mayManage} />
          {mayManage && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: editableKinds.map((kind) => ({
                  key: kind,
                  label: <span data-testid={`profile-create-${kind}`}>{t(`profiles.kinds.${kind}`)}</span>,
                })),
                onClick: ({ key }) => setEditing({ kind: key as PolicyProfileKind }),
              }}
            >
              <Button type="primary" data-testid="profile-create">
                {t('profiles.create')}
              </Button>
            </Dropdown>
          )}
        </Space>
      }
    >
      <PaginatedTable<ProfileView>
        rowKey="id"
        loading={profiles.isLoading}
        dataSource={profiles.data ?? []}
        scroll={SCROLL_X}
        data-testid="profile-table"
        columns={[
          { title: t('profiles.name'), dataIndex: 'name' },
          { title: t('profiles.kind'), render: (_, p) => t(`profiles.kinds.${p.kind}`) },
          {
            title: t('profiles.variables.title'),
            render: (_, p) => p.variables.map((v) => <Tag key={v}>{v}</Tag>),
          },
          { title: t('profiles.assigned'), dataIndex: 'assigned' },
          { title: t('profiles.updatedBy'), dataIndex: 'updatedBy' },
          {
            title: t('profiles.actions'),
            render: (_, p) => (
              <Space data-testid={`profile-row-${p.name}`}>
                {mayManage && (
                  <Button
                    size="small"
                    data-testid="profile-edit"
                    onClick={() => setEditing({ kind: p.kind, profile: p })}
                  >
                    {t('profiles.edit')}
                  </Button>
                )}
                <Button size="small" data-testid="profile-apply" onClick={() => setRolling(p)}>
                  {t('profiles.apply')}
                </Button>
                {mayManage && (
                  <Button
                    size="small"
                    danger
                    data-testid="profile-delete"
                    onClick={() => void deleteProfile(p)}
                  >
                    {t('profiles.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );

  return (
    <div className="settings-stack">
      <Tabs
        items={[
          {
            key: 'policies',
            label: <span data-testid="profiles-tab-policies">{t('profiles.title')}</span>,
            children: policies,
          },
          {
            key: 'templates',
            label: <span data-testid="profiles-tab-templates">{t('profiles.templates.title')}</span>,
            children: <TemplatesCard mayManage={mayManage} />,
          },
        ]}
      />
      {editing && (
        <ProfileEditor kind={editing.kind} profile={editing.profile} onClose={() => setEditing(null)} />
      )}
      <Drawer
        open={rolling !== null}
        size="large"
        title={rolling && t('profiles.rollout.title', { name: rolling.name })}
        onClose={() => setRolling(null)}
        destroyOnHidden
      >
        {rolling && <RolloutPanel profile={rolling} />}
      </Drawer>
    </div>
  );
}
