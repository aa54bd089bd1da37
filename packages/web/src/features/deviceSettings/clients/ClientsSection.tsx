/**
 * Clients (SPEC 2 "Client list", SPEC 4 "Client: blocked, unblocked, unlinked"): who is connected now and
 * the blacklist. Block and unblock change the section (through its confirmation); unlink only
 * disconnects a client once.
 */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clientsDefaults, type ClientsSection as ClientsDoc } from '@edge/protocol';
import { SectionFrame, type SectionContext } from '../SectionFrame.tsx';
import { documentOf } from '../document.ts';
import { useSettingsReadFollowingDevice } from '../useSettingsRead.ts';
import { BlacklistTable } from './BlacklistTable.tsx';
import { BlockMacForm } from './BlockMacForm.tsx';
import { ConnectedClientsTable } from './ConnectedClientsTable.tsx';
import { useBlockActions } from './useBlockActions.ts';
import { useUnlink } from './useUnlink.ts';

const SECTION = 'clients' as const;

function ClientsEditor({ deviceId, view, apply }: SectionContext & { deviceId: string }) {
  const { t } = useTranslation();
  // The blacklist the console wants (updated as soon as a block is written), not the last report.
  const { blacklist } = documentOf<ClientsDoc>(view, clientsDefaults);
  // Clients come and go with the device's telemetry: read again at each report.
  const list = useSettingsReadFollowingDevice(deviceId, 'clients/list');
  const { block, unblock } = useBlockActions(apply);
  const unlink = useUnlink(deviceId);
  const blockedMacs = new Set(blacklist.map((c) => c.mac.toLowerCase()));

  return (
    <>
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.clients.connected')}
      </Typography.Title>
      <ConnectedClientsTable
        clients={list.data?.connected ?? []}
        loading={list.isLoading}
        blocked={(mac) => blockedMacs.has(mac.toLowerCase())}
        onBlock={(client) => void block(client)}
        onUnblock={(mac) => void unblock(mac)}
        onUnlink={(mac) => void unlink(mac)}
      />
      <BlacklistEditor view={view} apply={apply} />
    </>
  );
}

/** The blacklist: block a MAC, unblock one (a device's, or a blacklist profile's). */
export function BlacklistEditor({ view, apply }: Pick<SectionContext, 'view' | 'apply'>) {
  const { t } = useTranslation();
  const { blacklist } = documentOf<ClientsDoc>(view, clientsDefaults);
  const { block, unblock } = useBlockActions(apply);
  return (
    <>
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.clients.blacklist')}
      </Typography.Title>
      <BlockMacForm onBlock={block} />
      <BlacklistTable blacklist={blacklist} onUnblock={(mac) => void unblock(mac)} />
    </>
  );
}

export function ClientsSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <ClientsEditor deviceId={deviceId} {...context} />}
    </SectionFrame>
  );
}
