/**
 * WAN Wi-Fi client mode: the network joined now, the saved networks (add, delete) and the networks in
 * reach from a scan, any of which can be joined with its password. Every change goes through the
 * section frame's apply, which asks for confirmation.
 */
import { useState } from 'react';
import { Divider, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { wifiSsidDefaults, type ScannedWifiNetwork, type WifiNetwork } from '@edge/protocol';
import type { SectionContext } from '../SectionFrame.tsx';
import { VERTICAL } from '../document.ts';
import { AvailableNetworks } from './AvailableNetworks.tsx';
import { SavedNetworks } from './SavedNetworks.tsx';
import { WifiNetworkModal } from './WifiNetworkModal.tsx';
import { joinableSecurity } from './joinable.ts';

/** The modal's subject: a network picked from a scan, or null for a network typed in to be saved. */
type Editing = { picked: ScannedWifiNetwork | null };

export function WifiClientPanel({ deviceId, apply }: { deviceId: string; apply: SectionContext['apply'] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const picked = editing?.picked ?? null;

  // A picked network is joined at once; one typed in is saved for later.
  const submit = async (network: WifiNetwork) => {
    const done = picked
      ? await apply('wifi/connect', network)
      : await apply('multipleWan/wifiAddConnectedAP', network);
    if (done) setEditing(null);
  };
  const pickedNetwork = (network: ScannedWifiNetwork): Partial<WifiNetwork> => ({
    ssid: network.ssid,
    wpa: joinableSecurity(network.security) ?? wifiSsidDefaults.wpa,
  });

  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }} data-testid="wifi-client">
      <Divider />
      <SavedNetworks deviceId={deviceId} apply={apply} onAdd={() => setEditing({ picked: null })} />
      <Divider />
      <AvailableNetworks deviceId={deviceId} onConnect={(network) => setEditing({ picked: network })} />
      {editing && (
        <WifiNetworkModal
          title={
            picked
              ? t('deviceSettings.wan.wifiClient.connectTitle', { ssid: picked.ssid })
              : t('deviceSettings.wan.wifiClient.addTitle')
          }
          initial={picked ? pickedNetwork(picked) : {}}
          fixedSsid={picked !== null}
          onSubmit={(network) => void submit(network)}
          onCancel={() => setEditing(null)}
        />
      )}
    </Space>
  );
}
