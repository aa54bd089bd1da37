/**
 * A container's graphical session (SPEC 2, 7): for a container with a UUID, the remote desktop panel on the
 * VNC server the device finds in or beside it; closing the dialog closes the socket. Those who may not
 * manage Application watch without input.
 */
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../account/permissions.ts';
import { DesktopPanel } from '../terminal/DesktopPanel.tsx';
import { containerDesktopUrl } from '../terminal/socket.ts';
import type { ContainerDialogProps } from './LogsModal.tsx';

export function ContainerDesktopModal({
  deviceId,
  name,
  uuid,
  onClose,
}: ContainerDialogProps & { uuid: string }) {
  const { t } = useTranslation();
  const viewOnly = !usePermission('Application').manage;
  return (
    <Modal
      open
      width={1000}
      title={t('application.desktop.title', { name })}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      <div data-testid="container-desktop">
        <DesktopPanel url={containerDesktopUrl(deviceId, uuid)} viewOnly={viewOnly} />
      </div>
    </Modal>
  );
}
