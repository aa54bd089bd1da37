/**
 * A device's terminal (SPEC 2, 4): the live shell, and for those who may read the activity log the
 * device's recorded sessions with their replay. Opened from the device row's action and the device page.
 */
import { useState } from 'react';
import { Button, Card, Modal } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TerminalSessionRow } from '@edge/protocol';
import { usePermission } from '../account/permissions.ts';
import { dateTimeSecondsCell } from '../../components/tableCells.tsx';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { useTerminalSessions } from './api.ts';
import { TerminalPanel } from './TerminalPanel.tsx';
import { SessionHeading } from './SessionHeading.tsx';
import { ReplayPanel } from './ReplayPanel.tsx';
import './terminal.css';

export default function TerminalPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { view: mayReplay } = usePermission('Log');
  const sessions = useTerminalSessions(id, mayReplay);
  const [replaying, setReplaying] = useState<string | null>(null);

  return (
    <div className="page terminal-page">
      <SessionHeading deviceId={id} title={t('terminal.title')} />
      <Card>
        <TerminalPanel deviceId={id} />
      </Card>
      {mayReplay && (
        <Card title={<h2 className="card-title">{t('terminal.sessions.title')}</h2>}>
          <PaginatedTable<TerminalSessionRow>
            rowKey="id"
            size="small"
            loading={sessions.isLoading}
            dataSource={sessions.data?.list ?? []}
            columns={[
              { key: 'user', title: t('terminal.sessions.user'), dataIndex: 'userName' },
              {
                // The device's own shell, or the container's it ran in (the container terminal).
                key: 'shell',
                title: t('terminal.sessions.container'),
                render: (_, row) => row.container ?? t('terminal.sessions.deviceShell'),
              },
              {
                key: 'start',
                title: t('terminal.sessions.start'),
                render: (_, row) => dateTimeSecondsCell(row.startedAt),
              },
              {
                key: 'end',
                title: t('terminal.sessions.end'),
                render: (_, row) =>
                  row.endedAt ? dateTimeSecondsCell(row.endedAt) : t('terminal.sessions.open'),
              },
              {
                key: 'replay',
                title: t('terminal.sessions.replay'),
                render: (_, row) => (
                  <Button
                    size="small"
                    icon={<PlayCircleOutlined />}
                    disabled={row.endedAt === null}
                    onClick={() => setReplaying(row.id)}
                    data-testid={`terminal-replay-${row.id}`}
                  >
                    {t('terminal.sessions.replay')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
      )}
      <Modal
        open={replaying !== null}
        title={t('terminal.sessions.replayTitle')}
        width={860}
        footer={null}
        destroyOnHidden
        onCancel={() => setReplaying(null)}
      >
        {replaying && <ReplayPanel session={replaying} />}
      </Modal>
    </div>
  );
}
