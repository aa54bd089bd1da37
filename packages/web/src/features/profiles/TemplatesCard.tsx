/**
 * Profile templates (SPEC 3, 8): what a device gets when it is adopted with one (Provision's Adopt dialog,
 * the CSV's profile column). Searched by name, paged with the SPEC 2 table; created, edited, copied under a
 * new name and deleted after 'Are you sure you want to delete this profile?'.
 */
import { useState } from 'react';
import { Button, Card, Form, Input, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PROFILE_TEMPLATE_NAME_MAX,
  profileTemplateCopyRequest,
  type MessageCode,
  type ProfileTemplateView,
} from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { SearchBox } from '../../components/table/SearchBox.tsx';
import { RowActions } from '../../components/table/RowActions.tsx';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { DateText, type TimePart } from '../../components/DateText.tsx';
import { VERTICAL } from '../deviceSettings/document.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useCopyTemplate, useDeleteTemplate, useTemplates } from './api.ts';
import { TemplateEditor } from './TemplateEditor.tsx';
import { useDeleteAfterQuestion } from './profileActs.ts';

const NEW = 'new' as const;
const MINUTES: TimePart = 'minutes';
const COPIED: MessageCode = 'profileCreated';

/** A template's name or its device name holds the search, case aside. */
export const templateMatches = (view: ProfileTemplateView, search: string): boolean => {
  const wanted = search.trim().toLowerCase();
  return (
    !wanted ||
    view.template.name.toLowerCase().includes(wanted) ||
    view.template.deviceName.toLowerCase().includes(wanted)
  );
};

function CopyModal({ source, onClose }: { source: ProfileTemplateView; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const copy = useCopyTemplate();
  const { act } = useConfirmAct();
  const { field } = useSchemaFields(profileTemplateCopyRequest, ['name'], {
    values: () => ({ id: source.id, name: form.getFieldValue('name') ?? '' }),
  });
  return (
    <RowFormModal<{ name: string }>
      title={t('profiles.templates.copyTitle', { name: source.template.name })}
      form={form}
      okText={t('profiles.templates.copy')}
      initialValues={{
        name: t('profiles.templates.copyName', { name: source.template.name }).slice(
          0,
          PROFILE_TEMPLATE_NAME_MAX,
        ),
      }}
      data-testid="template-copy"
      onSave={({ name }) =>
        act({
          run: () => copy.mutateAsync({ id: source.id, name }),
          done: messageText(t, COPIED),
          then: onClose,
        })
      }
      onCancel={onClose}
    >
      {field(
        'name',
        'profiles.templates.name',
        <Input data-testid="template-copy-name" maxLength={PROFILE_TEMPLATE_NAME_MAX} />,
      )}
    </RowFormModal>
  );
}

export function TemplatesCard({ mayManage }: { mayManage: boolean }) {
  const { t } = useTranslation();
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ProfileTemplateView | typeof NEW | null>(null);
  const [copying, setCopying] = useState<ProfileTemplateView | null>(null);

  const deleteAfterQuestion = useDeleteAfterQuestion(remove.mutateAsync);
  const deleteTemplate = (view: ProfileTemplateView) => deleteAfterQuestion(view.id);

  return (
    <Card
      title={t('profiles.templates.title')}
      extra={
        mayManage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="template-create"
            onClick={() => setEditing(NEW)}
          >
            {t('profiles.templates.create')}
          </Button>
        )
      }
    >
      <Space orientation={VERTICAL} style={{ width: '100%' }}>
        <SearchBox
          live
          label={t('profiles.templates.search')}
          onSearch={setSearch}
          data-testid="template-search"
        />
        <PaginatedTable<ProfileTemplateView>
          rowKey="id"
          loading={templates.isLoading}
          dataSource={(templates.data ?? []).filter((view) => templateMatches(view, search))}
          scroll={SCROLL_X}
          data-testid="template-table"
          columns={[
            { title: t('profiles.templates.name'), render: (_, v) => v.template.name },
            { title: t('profiles.templates.deviceName'), render: (_, v) => v.template.deviceName },
            {
              title: t('profiles.templates.parts.wan'),
              render: (_, v) =>
                `${v.template.wan.iface} · ${t(`deviceSettings.wan.modes.${v.template.wan.mode}`)}`,
            },
            {
              title: t('profiles.templates.ssids'),
              render: (_, v) => v.template.wifi.list.map((row) => <Tag key={row.idx}>{row.ssid}</Tag>),
            },
            { title: t('profiles.templates.devices'), dataIndex: 'devices' },
            { title: t('profiles.updatedBy'), dataIndex: 'updatedBy' },
            {
              title: t('profiles.templates.updatedAt'),
              render: (_, v) => <DateText value={v.updatedAt} time={MINUTES} />,
            },
            ...(mayManage
              ? [
                  {
                    title: t('profiles.actions'),
                    render: (_: unknown, v: ProfileTemplateView) => (
                      <Space data-testid={`template-row-${v.template.name}`}>
                        <Button size="small" data-testid="template-copy-open" onClick={() => setCopying(v)}>
                          {t('profiles.templates.copy')}
                        </Button>
                        <RowActions
                          data-testid="template"
                          onEdit={() => setEditing(v)}
                          onDelete={() => void deleteTemplate(v)}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Space>
      {editing && (
        <TemplateEditor template={editing === NEW ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {copying && <CopyModal source={copying} onClose={() => setCopying(null)} />}
    </Card>
  );
}
