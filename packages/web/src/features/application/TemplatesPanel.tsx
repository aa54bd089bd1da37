/**
 * Templates: the list behind the app store; add, edit, delete (with confirmation) and import of a
 * template file (this console's export or Portainer's app-template v2/v3), skipped entries said with why.
 */
import { useState } from 'react';
import { Alert, Button, Space, Table, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TemplateView } from '@edge/protocol';
import { EditDeleteAction } from './DeleteAction.tsx';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { usePermission } from '../account/permissions.ts';
import { useDeleteTemplate, useImportTemplates, useTemplates } from './api.ts';
import { serverWords } from './serverWords.ts';
import { TemplateForm } from './TemplateForm.tsx';

/** The dialog's subject when adding rather than editing. */
const NEW = 'new';

export function TemplatesPanel() {
  const { t } = useTranslation();
  const templates = useTemplates('');
  const remove = useDeleteTemplate();
  const importFile = useImportTemplates();
  const { manage } = usePermission('Application');
  const { act } = useConfirmAct();
  const [editing, setEditing] = useState<TemplateView | typeof NEW | null>(null);
  const [skipped, setSkipped] = useState<{ title: string; reason: string }[]>([]);

  const load = async (file: File) => {
    const content = await file.text();
    await act({
      run: () => importFile.mutateAsync({ content }),
      done: (answer) =>
        t('application.templates.imported', { imported: answer.imported, skipped: answer.skipped.length }),
      then: (answer) => setSkipped(answer.skipped),
    });
  };

  const columns: ColumnsType<TemplateView> = [
    { title: t('application.fields.appName'), dataIndex: 'appName', key: 'appName' },
    { title: t('application.columns.image'), dataIndex: 'image', key: 'image' },
    {
      title: t('application.fields.resource'),
      key: 'resource',
      render: (_, r) => t(`application.resource.${r.resource}`),
    },
    { title: t('application.fields.category'), dataIndex: 'category', key: 'category' },
    {
      title: t('application.columns.actions'),
      key: 'actions',
      render: (_, template) =>
        manage && (
          <EditDeleteAction
            onEdit={() => setEditing(template)}
            question={t('application.confirm.deleteTemplate')}
            remove={() => remove.mutateAsync({ id: template.id })}
            data-testid="template"
          />
        ),
    },
  ];

  return (
    <div data-testid="templates-panel">
      {manage && (
        <Space className="application-toolbar">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(NEW)}
            data-testid="template-add"
          >
            {t('application.actions.add')}
          </Button>
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              void load(file);
              return false;
            }}
          >
            <Button icon={<ImportOutlined />} loading={importFile.isPending} data-testid="template-import">
              {t('application.actions.import')}
            </Button>
          </Upload>
        </Space>
      )}
      {skipped.length > 0 && (
        <Alert
          type="warning"
          closable
          onClose={() => setSkipped([])}
          message={t('application.templates.skippedTitle')}
          description={skipped.map((s) => `${s.title}: ${serverWords(t, s.reason)}`).join('\n')}
          data-testid="template-skipped"
        />
      )}
      <Table<TemplateView>
        size="small"
        rowKey="id"
        loading={templates.isLoading}
        dataSource={templates.data?.list ?? []}
        columns={columns}
        scroll={SCROLL_X}
        pagination={false}
        data-testid="template-table"
      />
      {editing && (
        <TemplateForm template={editing === NEW ? null : editing} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
