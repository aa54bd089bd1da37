/**
 * A device's remote desktop (SPEC 2: the graphical session): its heading and the desktop panel on the
 * device's VNC server. Those who may not manage Inventory watch: the console drops their input, and noVNC
 * sends none.
 */
import { Card } from 'antd';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../account/permissions.ts';
import { desktopUrl } from './socket.ts';
import { SessionHeading } from './SessionHeading.tsx';
import { DesktopPanel } from './DesktopPanel.tsx';

export default function DesktopPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const viewOnly = !usePermission('Inventory').manage;
  return (
    <div className="page terminal-page">
      <SessionHeading deviceId={id} title={t('terminal.desktop.title')} />
      <Card>
        <DesktopPanel url={desktopUrl(id)} viewOnly={viewOnly} />
      </Card>
    </div>
  );
}
