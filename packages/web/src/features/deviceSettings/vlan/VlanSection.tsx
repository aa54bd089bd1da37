/**
 * VLAN (SPEC 2 "VLAN list with port mode and apply"): the VLANs and each LAN port's mode are edited here and
 * sent together with one Apply (vlan/edit takes the whole document). Before sending, the whole document is
 * checked with the protocol's vlanSection schema, so a port left in a deleted VLAN is named, not sent.
 */
import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  vlanDefaults,
  vlanSection,
  type VlanEntry,
  type VlanPort,
  type VlanSection as VlanDoc,
} from '@edge/protocol';
import { issueText, schemaIssues } from '../../../components/schemaRules.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { SectionFrame, type SectionContext } from '../SectionFrame.tsx';
import { VERTICAL, documentOf } from '../document.ts';
import { useSettingsRead } from '../useSettingsRead.ts';
import { VlanForm } from './VlanForm.tsx';
import { VlanPortForm } from './VlanPortForm.tsx';
import { VlanPortTable } from './VlanPortTable.tsx';
import { VlanTable } from './VlanTable.tsx';
import { lanPortsOf, portRows, portsOf } from './vlanPorts.ts';

const SECTION = 'vlan' as const;
const NEW = 'new' as const;

/** `lanPorts`: the LAN ports whose VLAN mode is set (a device's, or those a profile is written for). */
export function VlanEditor({
  lanPorts,
  view,
  apply,
  busy,
}: SectionContext & { lanPorts: readonly string[] }) {
  const { t } = useTranslation();
  const { confirm } = useConfirm();
  const start = documentOf<VlanDoc>(view, vlanDefaults);
  const [vlans, setVlans] = useState<VlanEntry[]>(start.list);
  // The user's port changes; the rows themselves follow the LAN ports once they are known.
  const [ports, setPorts] = useState<VlanPort[]>(start.ports);
  const [editingVlan, setEditingVlan] = useState<VlanEntry | typeof NEW | null>(null);
  const [editingPort, setEditingPort] = useState<VlanPort | null>(null);
  const [issues, setIssues] = useState<string[]>([]);
  const rows = portRows(lanPorts, ports);

  const saveVlan = (vlan: VlanEntry) => {
    setVlans((list) =>
      editingVlan === NEW ? [...list, vlan] : list.map((v) => (v.vid === vlan.vid ? vlan : v)),
    );
    setEditingVlan(null);
  };
  const savePort = (port: VlanPort) => {
    setPorts(portsOf(rows.map((row) => (row.port === port.port ? port : row))));
    setEditingPort(null);
  };
  const deleteVlan = async (vlan: VlanEntry) => {
    if (await confirm({ message: t('deviceSettings.vlan.deleteConfirm', { vid: vlan.vid }), danger: true }))
      setVlans((list) => list.filter((v) => v.vid !== vlan.vid));
  };
  const submit = () => {
    const doc: VlanDoc = { list: vlans, ports: portsOf(rows) };
    const found = [...new Set(schemaIssues(vlanSection, doc).map((issue) => issueText(t, issue)))];
    setIssues(found);
    if (found.length === 0) void apply('vlan/edit', doc);
  };
  const reset = () => void apply('vlan/reset', {}, t('deviceSettings.vlan.resetConfirm'));

  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }} size="middle">
      <Button data-testid="vlan-add" onClick={() => setEditingVlan(NEW)}>
        {t('deviceSettings.vlan.add')}
      </Button>
      <VlanTable vlans={vlans} onEdit={setEditingVlan} onDelete={(vlan) => void deleteVlan(vlan)} />
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.vlan.ports')}
      </Typography.Title>
      <VlanPortTable ports={rows} onEdit={setEditingPort} />
      {issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="vlan-issues"
          title={issues.map((text) => (
            <div key={text}>{text}</div>
          ))}
        />
      )}
      <Space>
        <Button type="primary" loading={busy} data-testid="vlan-apply" onClick={submit}>
          {t('deviceSettings.apply.button')}
        </Button>
        <Button data-testid="vlan-reset" disabled={busy} onClick={reset}>
          {t('deviceSettings.vlan.reset')}
        </Button>
      </Space>
      {editingVlan && (
        <VlanForm
          initial={editingVlan === NEW ? null : editingVlan}
          others={vlans.filter((v) => editingVlan === NEW || v.vid !== editingVlan.vid)}
          onSave={saveVlan}
          onCancel={() => setEditingVlan(null)}
        />
      )}
      {editingPort && (
        <VlanPortForm
          initial={editingPort}
          vlans={vlans}
          others={rows.filter((row) => row.port !== editingPort.port)}
          onSave={savePort}
          onCancel={() => setEditingPort(null)}
        />
      )}
    </Space>
  );
}

function DeviceVlanEditor({ deviceId, ...context }: SectionContext & { deviceId: string }) {
  const portType = useSettingsRead(deviceId, 'portType/currentConfig').data;
  return <VlanEditor lanPorts={lanPortsOf(portType?.ports ?? [])} {...context} />;
}

export function VlanSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <DeviceVlanEditor key={context.view.desiredVersion} deviceId={deviceId} {...context} />}
    </SectionFrame>
  );
}
