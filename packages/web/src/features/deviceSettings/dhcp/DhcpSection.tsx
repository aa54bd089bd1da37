/**
 * DHCP server (SPEC 2): the device's DHCP servers, one per VLAN, added, edited and removed one at a time.
 * Each change is its own settings call (dhcp/setting adds or replaces a pool, dhcp/removeDHCP removes
 * one), so saving the dialog or confirming a delete applies at once, through the frame's confirmation.
 */
import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { dhcpDefaults, type DhcpPool, type DhcpSection as DhcpDoc } from '@edge/protocol';
import { SectionFrame, type SectionContext } from '../SectionFrame.tsx';
import { VERTICAL, documentOf } from '../document.ts';
import { useSettingsRead } from '../useSettingsRead.ts';
import { DhcpPoolForm } from './DhcpPoolForm.tsx';
import { DhcpPoolTable } from './DhcpPoolTable.tsx';

const SECTION = 'dhcp' as const;
const NEW = 'new' as const;

/** `vids`: the LAN and every VLAN that may get a server (a device's, or those a profile may meet). */
export function DhcpEditor({ vids, view, apply, busy }: SectionContext & { vids: readonly number[] }) {
  const { t } = useTranslation();
  const pools = documentOf<DhcpDoc>(view, dhcpDefaults).list;
  const freeVids = vids.filter((vid) => !pools.some((p) => p.vid === vid));
  const [editing, setEditing] = useState<DhcpPool | typeof NEW | null>(null);

  const save = async (pool: DhcpPool) => {
    if (await apply('dhcp/setting', pool)) setEditing(null);
  };
  const remove = (pool: DhcpPool) =>
    void apply(
      'dhcp/removeDHCP',
      { vid: pool.vid },
      t('deviceSettings.dhcp.deleteConfirm', { description: pool.description }),
    );

  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }}>
      <Button data-testid="dhcp-add" disabled={freeVids.length === 0 || busy} onClick={() => setEditing(NEW)}>
        {t('deviceSettings.dhcp.add')}
      </Button>
      <DhcpPoolTable pools={pools} onEdit={setEditing} onDelete={remove} />
      {editing && (
        <DhcpPoolForm
          initial={editing === NEW ? null : editing}
          vids={freeVids}
          others={pools.filter((p) => editing === NEW || p.vid !== editing.vid)}
          onSave={(pool) => void save(pool)}
          onCancel={() => setEditing(null)}
        />
      )}
    </Space>
  );
}

/** The LAN and every VLAN the device has (or is about to have) may get a server. */
function DeviceDhcpEditor({ deviceId, ...context }: SectionContext & { deviceId: string }) {
  const vids = useSettingsRead(deviceId, 'dhcp/getVID').data?.list ?? [];
  return <DhcpEditor vids={vids} {...context} />;
}

export function DhcpSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <DeviceDhcpEditor key={context.view.desiredVersion} deviceId={deviceId} {...context} />}
    </SectionFrame>
  );
}
