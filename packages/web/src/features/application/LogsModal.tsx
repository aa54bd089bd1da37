/** A container's log as the device's engine keeps it (stdout and stderr, demultiplexed by the agent). */
import { Button, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContainerLogs } from './api.ts';

/** What a dialog about one container of a device is given (its log, its terminal). */
export interface ContainerDialogProps {
  deviceId: string;
  name: string;
  onClose: () => void;
}

export function LogsModal({ deviceId, name, onClose }: ContainerDialogProps) {
  const { t } = useTranslation();
  const logs = useContainerLogs(deviceId, name);
  return (
    <Modal
      open
      width={760}
      title={t('application.installed.logTitle', { name })}
      onCancel={onClose}
      footer={[
        <Button key="refresh" onClick={() => void logs.refetch()}>
          {t('application.actions.refresh')}
        </Button>,
        <Button key="ok" type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>,
      ]}
    >
      {logs.isFetching && !logs.data ? (
        <Spin />
      ) : (
        <pre className="application-log" data-testid="container-log">
          {(logs.data?.lines ?? []).join('\n')}
        </pre>
      )}
    </Modal>
  );
}
