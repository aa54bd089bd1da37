/**
 * The container terminal (SPEC 2, 7): a shell inside a running container of the device, in the device
 * terminal's panel (xterm, font 12, the SPEC 4 socket behaviour); closing the dialog closes the socket.
 * Its sessions are recorded with the device's and replayed on the device's terminal page.
 */
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { TerminalPanel } from '../terminal/TerminalPanel.tsx';
import type { ContainerDialogProps } from './LogsModal.tsx';
import '../terminal/terminal.css';

export function ContainerTerminalModal({ deviceId, name, onClose }: ContainerDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={900}
      title={t('application.terminal.title', { name })}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      <div data-testid="container-terminal">
        <TerminalPanel deviceId={deviceId} container={name} />
      </div>
    </Modal>
  );
}
