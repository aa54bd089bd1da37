/**
 * The app store: the templates as a catalogue with icons and search; Deploy opens the deploy dialog, and
 * the deploy then shows live, device by device (a job of the job model).
 */
import { useState } from 'react';
import { Button, Card, Empty, Input, Typography } from 'antd';
import { AppstoreOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StepView, TemplateView } from '@edge/protocol';
import { JobProgress } from '../jobs/JobProgress.tsx';
import { useLiveJob } from '../jobs/useLiveJob.ts';
import { usePermission } from '../account/permissions.ts';
import { useTemplates } from './api.ts';
import { DeployModal } from './DeployModal.tsx';

export function StorePanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const templates = useTemplates(search);
  const { manage } = usePermission('Application');
  const [deploying, setDeploying] = useState<TemplateView | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const live = useLiveJob(jobId);
  const list = templates.data?.list ?? [];
  return (
    <div data-testid="store-panel">
      <Input.Search
        allowClear
        className="application-search"
        placeholder={t('application.store.search')}
        aria-label={t('application.store.search')}
        onSearch={setSearch}
        data-testid="store-search"
      />
      {list.length === 0 && !templates.isLoading && <Empty description={t('application.store.empty')} />}
      <div className="application-store">
        {list.map((template) => (
          <Card
            key={template.id}
            size="small"
            data-testid={`store-app-${template.appName}`}
            actions={
              manage
                ? [
                    <Button
                      key="deploy"
                      type="link"
                      icon={<CloudUploadOutlined />}
                      onClick={() => setDeploying(template)}
                      data-testid="store-deploy"
                    >
                      {t('application.actions.deploy')}
                    </Button>,
                  ]
                : []
            }
          >
            <Card.Meta
              avatar={
                template.icon ? (
                  <img className="application-icon" src={template.icon} alt="" />
                ) : (
                  <AppstoreOutlined className="application-icon" />
                )
              }
              title={template.appName}
              description={
                <>
                  <Typography.Text code>{template.image}</Typography.Text>
                  {template.description && (
                    <Typography.Paragraph ellipsis={{ rows: 2 }}>{template.description}</Typography.Paragraph>
                  )}
                </>
              }
            />
          </Card>
        ))}
      </div>
      {deploying && (
        <DeployModal
          template={deploying}
          onNames={(seen) => setNames((prev) => ({ ...prev, ...seen }))}
          onStarted={(id) => {
            setJobId(id);
            setDeploying(null);
          }}
          onClose={() => setDeploying(null)}
        />
      )}
      {jobId !== null && (
        <Card size="small" title={t('application.store.deploying')} data-testid="deploy-progress">
          <JobProgress
            live={live}
            deviceName={(id) => names[id] ?? id}
            columns={[
              {
                title: t('application.columns.state'),
                key: 'container',
                render: (_, step: StepView) => {
                  const result = step.result as { container?: { state: string } } | null;
                  return result?.container
                    ? t(`application.states.${result.container.state as 'running'}`)
                    : '';
                },
              },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
