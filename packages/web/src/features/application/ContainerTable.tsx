/**
 * One device's apps as its engine reports them (live: engine events push the list again): state, image, ports,
 * status, CPU and memory, why one is not running; SPEC 4 actions with a confirmation before stop, restart
 * and delete, the log, the container terminal and, for a container with a UUID, its remote desktop. While the device is offline its apps are those it last
 * showed, marked Offline with their time and without actions; they come back by themselves with it.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  CodeOutlined,
  CopyOutlined,
  DeleteOutlined,
  DesktopOutlined,
  ImportOutlined,
  FileTextOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContainerAction, InstalledContainer } from '@edge/protocol';
import { IconAction } from '../../components/table/IconAction.tsx';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import { useAdoptContainer, useContainerAction, useInstalled } from './api.ts';
import { formatDate } from '../../components/DateText.tsx';
import { isolated } from '../../components/unitText.ts';
import { ContainerTerminalModal } from './ContainerTerminalModal.tsx';
import { ContainerDesktopModal } from './ContainerDesktopModal.tsx';
import { CopyModal } from './CopyModal.tsx';
import { LogsModal } from './LogsModal.tsx';
import { serverWords } from './serverWords.ts';
import { useRefresh } from './useRefresh.ts';

const STATE_COLOURS: Record<InstalledContainer['state'], string> = {
  running: 'success',
  exited: 'error',
  created: 'default',
  'never started': 'warning',
};
const MB = 1024 * 1024;
const ACTIONS = { start: 'start', stop: 'stop', restart: 'restart', remove: 'remove' } as const;
const LIST_FAILED = 'apiRequestError' as const;

export function ContainerTable({
  deviceId,
  whileOnline,
}: {
  deviceId: string;
  /** What only a device that answers can show (its volumes and networks): left out while it is offline. */
  whileOnline?: ReactNode;
}) {
  const { t } = useTranslation();
  const installed = useInstalled(deviceId);
  const action = useContainerAction();
  const { manage } = usePermission('Application');
  const { act } = useConfirmAct();
  const [logOf, setLogOf] = useState<string | null>(null);
  const [desktopOf, setDesktopOf] = useState<InstalledContainer | null>(null);
  const [copyOf, setCopyOf] = useState<string | null>(null);
  const [shellOf, setShellOf] = useState<string | null>(null);
  const offline = installed.data?.offline ?? false;
  const refresh = useRefresh(installed.refetch, (list) => list.offline);
  const adopt = useAdoptContainer();
  const adoptOrphan = (c: InstalledContainer) =>
    act({
      confirm: { message: t('application.confirm.adopt'), okText: t('application.actions.adopt') },
      run: () => adopt.mutateAsync({ deviceId, name: c.name }),
      done: t('application.store.started'),
    });

  const run = (c: InstalledContainer, what: ContainerAction) => {
    const question = {
      stop: 'application.confirm.stopContainer',
      restart: 'application.confirm.restartContainer',
      remove: 'application.confirm.deleteContainer',
      start: null,
    } as const;
    const asked = question[what];
    return act({
      ...(asked && {
        confirm: {
          message: t(asked),
          danger: what === 'remove',
          okText: t(`application.actions.${what === 'remove' ? 'delete' : what}`),
        },
      }),
      run: () => action.mutateAsync({ deviceId, name: c.name, action: what }),
      done: (answer) => serverWords(t, answer.message),
    });
  };

  const capacity = installed.data?.capacity;
  const columns: ColumnsType<InstalledContainer> = [
    { title: t('application.columns.app'), dataIndex: 'name', key: 'name' },
    {
      title: t('application.columns.state'),
      key: 'state',
      render: (_, c) => (
        <Tag color={STATE_COLOURS[c.state]} data-testid="container-state">
          {t(`application.states.${c.state}`)}
        </Tag>
      ),
    },
    { title: t('application.columns.image'), dataIndex: 'image', key: 'image' },
    {
      title: t('application.columns.ports'),
      key: 'ports',
      render: (_, c) => c.ports.map((p) => `${p.hostPort}:${p.containerPort}/${p.protocol}`).join(', '),
    },
    { title: t('application.columns.uptime'), dataIndex: 'status', key: 'status' },
    {
      title: t('application.columns.cpu'),
      key: 'cpu',
      render: (_, c) => (c.cpuPercent === null ? '' : `${c.cpuPercent.toFixed(1)} %`),
    },
    {
      title: t('application.columns.memory'),
      key: 'memory',
      render: (_, c) =>
        [
          c.memoryBytes === null ? null : `${Math.round(c.memoryBytes / MB)} MB`,
          c.memoryLimitBytes && `/ ${Math.round(c.memoryLimitBytes / MB)} MB`,
        ]
          .filter(Boolean)
          .join(' '),
    },
    {
      title: t('application.columns.reason'),
      key: 'reason',
      render: (_, c) => (
        <Space direction="vertical" size={0}>
          {c.reason && <Typography.Text type="warning">{serverWords(t, c.reason)}</Typography.Text>}
          {!c.managed && (
            <Typography.Text type="secondary">{t('application.installed.orphan')}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('application.columns.actions'),
      key: 'actions',
      // An offline device takes no action: none is offered until it is back.
      render: (_, c) =>
        !offline && (
          <Space size={0}>
            <IconAction
              title={t('application.actions.logs')}
              icon={<FileTextOutlined />}
              onClick={() => setLogOf(c.name)}
              data-testid="container-logs"
            />
            {c.state === 'running' && (
              <IconAction
                title={t('application.actions.terminal')}
                icon={<CodeOutlined />}
                onClick={() => setShellOf(c.name)}
                data-testid="container-terminal-open"
              />
            )}
            {c.state === 'running' && c.uuid && (
              <IconAction
                title={t('application.actions.desktop')}
                icon={<DesktopOutlined />}
                onClick={() => setDesktopOf(c)}
                data-testid="container-desktop-open"
              />
            )}
            {manage && c.state !== 'running' && (
              <IconAction
                title={t('application.actions.start')}
                icon={<PlayCircleOutlined />}
                onClick={() => void run(c, ACTIONS.start)}
                data-testid="container-start"
              />
            )}
            {manage && c.state === 'running' && (
              <IconAction
                title={t('application.actions.stop')}
                icon={<PauseCircleOutlined />}
                onClick={() => void run(c, ACTIONS.stop)}
                data-testid="container-stop"
              />
            )}
            {manage && (
              <IconAction
                title={t('application.actions.restart')}
                icon={<ReloadOutlined />}
                onClick={() => void run(c, ACTIONS.restart)}
                data-testid="container-restart"
              />
            )}
            {manage && c.managed && (
              <IconAction
                title={t('application.actions.copy')}
                icon={<CopyOutlined />}
                onClick={() => setCopyOf(c.name)}
                data-testid="container-copy"
              />
            )}
            {manage && !c.managed && (
              <IconAction
                title={t('application.actions.adopt')}
                icon={<ImportOutlined />}
                onClick={() => void adoptOrphan(c)}
                data-testid="container-adopt"
              />
            )}
            {manage && (
              <IconAction
                title={t('application.actions.delete')}
                icon={<DeleteOutlined />}
                danger
                onClick={() => void run(c, ACTIONS.remove)}
                data-testid="container-delete"
              />
            )}
          </Space>
        ),
    },
  ];

  return (
    <>
      <Space className="application-toolbar">
        {offline && (
          <Tag color="default" data-testid="container-offline">
            {t('application.installed.offline')}
          </Tag>
        )}
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={installed.isFetching}
          onClick={() => void refresh()}
          data-testid="container-refresh"
        >
          {t('application.actions.refresh')}
        </Button>
      </Space>
      {offline && (
        <Alert
          type="warning"
          showIcon
          data-testid="container-stale"
          message={
            installed.data?.asOf
              ? t('application.installed.lastKnown', {
                  // Isolated: in Arabic text the bidi algorithm turned 2026-11-26 into 26-11-2026.
                  time: isolated(formatDate(installed.data.asOf, 'seconds') ?? ''),
                })
              : t('application.installed.neverReported')
          }
        />
      )}
      {capacity && (
        <Typography.Paragraph type="secondary" data-testid="container-capacity">
          {t('application.installed.capacity', {
            cpus: capacity.reservedCpus,
            cpuTotal: capacity.cpus,
            memory: capacity.reservedMemoryMb,
            memoryTotal: capacity.memoryMb,
          })}
        </Typography.Paragraph>
      )}
      <Table<InstalledContainer>
        size="small"
        rowKey="name"
        loading={installed.isLoading}
        dataSource={installed.data?.containers ?? []}
        columns={columns}
        pagination={false}
        scroll={SCROLL_X}
        data-testid="container-table"
        onRow={(c) => ({ 'data-testid': `container-row-${c.name}` }) as React.HTMLAttributes<HTMLElement>}
      />
      {installed.error && <Typography.Text type="danger">{messageText(t, LIST_FAILED)}</Typography.Text>}
      {installed.data && !offline && whileOnline}
      {copyOf && <CopyModal fromDeviceId={deviceId} name={copyOf} onClose={() => setCopyOf(null)} />}
      {logOf && <LogsModal deviceId={deviceId} name={logOf} onClose={() => setLogOf(null)} />}
      {shellOf && (
        <ContainerTerminalModal deviceId={deviceId} name={shellOf} onClose={() => setShellOf(null)} />
      )}
      {desktopOf?.uuid && (
        <ContainerDesktopModal
          deviceId={deviceId}
          name={desktopOf.name}
          uuid={desktopOf.uuid}
          onClose={() => setDesktopOf(null)}
        />
      )}
    </>
  );
}
