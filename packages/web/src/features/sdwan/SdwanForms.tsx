/**
 * The add/edit dialogs of sites, nodes, links and tunnel subnets. Each is a memoised component fed only
 * what it shows (the row being edited and the choices of its lists, kept the same objects while their
 * contents are), so a live topology push that changes link states or counters does not render an open
 * dialog again, and one that does change a choice only updates that list: an open list stays open.
 */
import { memo, useMemo, useState } from 'react';
import { Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  endpoints,
  sdwanLinkModes,
  sdwanLinkRequest,
  sdwanNodeRequest,
  sdwanSiteRequest,
  sdwanSubnetRequest,
  type SdwanTopology,
} from '@edge/protocol';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { EntityModal } from './EntityModal.tsx';
import { KIND, LINK_FIELDS, NODE_FIELDS, SITE_FIELDS, SUBNET_FIELDS, type Kind } from './fields.ts';
import { changed } from './api.ts';

const { sdwan } = endpoints;

export type Row = Record<string, unknown> | null;
export interface Option {
  value: string | number | null;
  label: string;
}
interface FormProps {
  open: boolean;
  row: Row;
  onClose: () => void;
}

/** The same value as last render while its contents are equal: memoised children see no change. */
export function useStable<T>(value: T): T {
  const text = JSON.stringify(value);
  return useMemo(() => JSON.parse(text) as T, [text]);
}

/** The choices the dialogs offer, from the topology: sites, nodes and relay nodes. */
export function useFormChoices(topology: SdwanTopology) {
  return {
    sites: useStable(topology.sites.map((s): Option => ({ value: s.id, label: s.name }))),
    nodes: useStable(topology.nodes.map((n): Option => ({ value: n.deviceId, label: n.deviceName }))),
    relays: useStable(
      topology.nodes.filter((n) => n.relay).map((n): Option => ({ value: n.deviceId, label: n.deviceName })),
    ),
  };
}

const SITE_NEW = { lans: [], exitNodeId: null };
export const SiteForm = memo(function SiteForm({
  open,
  row,
  onClose,
  nodes,
}: FormProps & { nodes: Option[] }) {
  const { t } = useTranslation();
  const add = useEndpointMutation(sdwan.siteAdd, changed);
  const edit = useEndpointMutation(sdwan.siteEdit, changed);
  return (
    <EntityModal
      open={open}
      title={t(row ? 'sdwan.editTitle.site' : 'sdwan.add.site')}
      schema={sdwanSiteRequest}
      fields={SITE_FIELDS}
      initial={row ?? SITE_NEW}
      editing={Boolean(row)}
      save={(v) =>
        row ? edit.mutateAsync({ ...v, id: row.id as number } as never) : add.mutateAsync(v as never)
      }
      onClose={onClose}
    >
      {(field) => (
        <>
          {field('name', 'sdwan.field.name', <Input data-testid="sdwan-site-name" />)}
          {field(
            'lans',
            'sdwan.field.lans',
            <Select mode="tags" open={false} data-testid="sdwan-site-lans" />,
          )}
          {field(
            'exitNodeId',
            'sdwan.field.exitNode',
            <Select allowClear options={nodes} data-testid="sdwan-site-exit" />,
          )}
        </>
      )}
    </EntityModal>
  );
});

const NODE_NEW = { siteId: null, relay: false, endpoint: '', listenPort: 51820, onBoot: true };
export const NodeForm = memo(function NodeForm({
  open,
  row,
  onClose,
  sites,
}: FormProps & { sites: Option[] }) {
  const { t } = useTranslation();
  const add = useEndpointMutation(sdwan.nodeAdd, changed);
  const edit = useEndpointMutation(sdwan.nodeEdit, changed);
  const [deviceSearch, setDeviceSearch] = useState('');
  const devices = useEndpointQuery(
    endpoints.inventory.list,
    { page: 1, pageSize: 40, search: deviceSearch || undefined },
    { enabled: open },
  );
  const deviceOptions = useStable((devices.data?.list ?? []).map((d) => ({ value: d.id, label: d.name })));
  const siteOptions = useMemo(() => [{ value: null, label: t('sdwan.ungroup') }, ...sites], [sites, t]);
  return (
    <EntityModal
      open={open}
      title={t(row ? 'sdwan.editTitle.node' : 'sdwan.add.node')}
      schema={sdwanNodeRequest}
      fields={NODE_FIELDS}
      initial={row ?? NODE_NEW}
      editing={Boolean(row)}
      save={(v) => (row ? edit.mutateAsync(v as never) : add.mutateAsync(v as never))}
      onClose={onClose}
    >
      {(field) => (
        <>
          {field(
            'deviceId',
            'sdwan.field.device',
            <Select
              showSearch
              disabled={Boolean(row)}
              filterOption={false}
              onSearch={setDeviceSearch}
              data-testid="sdwan-node-device"
              options={deviceOptions}
            />,
          )}
          {field(
            'siteId',
            'sdwan.field.site',
            <Select options={siteOptions} data-testid="sdwan-node-site" />,
          )}
          {field('relay', 'sdwan.field.relayNode', <Switch />, { valuePropName: 'checked' })}
          {field('endpoint', 'sdwan.field.endpoint', <Input placeholder="203.0.113.7:51820" />)}
          {field('listenPort', 'sdwan.field.listenPort', <InputNumber min={1} max={65535} />)}
          {field('onBoot', 'sdwan.field.onBoot', <Switch />, { valuePropName: 'checked' })}
        </>
      )}
    </EntityModal>
  );
});

/** Rules typed as `ip` or `ip:port`, as the link form's tags show them. */
const rulesOf = (tags: unknown): { ip: string; port: number | null }[] =>
  (Array.isArray(tags) ? (tags as string[]) : []).map((tag) => {
    const [ip, port] = tag.split(':');
    return { ip: ip ?? '', port: port === undefined ? null : Number(port) };
  });
const shapeLink = (v: Record<string, unknown>) => ({ ...v, rules: rulesOf(v.rules) });
const LINK_NEW = { mode: 'direct', relayId: null, rateLimitMbps: null, rules: [] };

export const LinkForm = memo(function LinkForm({
  open,
  row,
  onClose,
  sites,
  relays,
}: FormProps & { sites: Option[]; relays: Option[] }) {
  const { t } = useTranslation();
  const add = useEndpointMutation(sdwan.linkAdd, changed);
  const edit = useEndpointMutation(sdwan.linkEdit, changed);
  const initial = useMemo(
    () =>
      row
        ? {
            ...row,
            rules: (row.rules as { ip: string; port: number | null }[]).map((r) =>
              r.port === null ? r.ip : `${r.ip}:${r.port}`,
            ),
          }
        : LINK_NEW,
    [row],
  );
  return (
    <EntityModal
      open={open}
      title={t(row ? 'sdwan.editTitle.link' : 'sdwan.add.link')}
      schema={sdwanLinkRequest}
      fields={LINK_FIELDS}
      initial={initial}
      shape={shapeLink}
      editing={Boolean(row)}
      save={(v) =>
        row ? edit.mutateAsync({ ...v, id: row.id as number } as never) : add.mutateAsync(v as never)
      }
      onClose={onClose}
    >
      {(field) => (
        <>
          {field('siteA', 'sdwan.field.siteA', <Select options={sites} data-testid="sdwan-link-a" />)}
          {field('siteB', 'sdwan.field.siteB', <Select options={sites} data-testid="sdwan-link-b" />)}
          {field(
            'mode',
            'sdwan.field.mode',
            <Select
              options={sdwanLinkModes.map((mode) => ({ value: mode, label: t(`sdwan.mode.${mode}`) }))}
            />,
          )}
          {field('relayId', 'sdwan.field.relay', <Select allowClear options={relays} />)}
          {field(
            'rateLimitMbps',
            'sdwan.field.rateLimit',
            <InputNumber min={1} max={10000} addonAfter="Mbps" />,
          )}
          {field(
            'rules',
            'sdwan.field.rules',
            <Select mode="tags" open={false} placeholder="192.168.20.10:443" />,
          )}
        </>
      )}
    </EntityModal>
  );
});

const SUBNET_NEW = { rangeStart: '', rangeEnd: '' };
export const SubnetForm = memo(function SubnetForm({ open, row, onClose }: FormProps) {
  const { t } = useTranslation();
  const add = useEndpointMutation(sdwan.subnetAdd, changed);
  const edit = useEndpointMutation(sdwan.subnetEdit, changed);
  return (
    <EntityModal
      open={open}
      title={t(row ? 'sdwan.editTitle.subnet' : 'sdwan.add.subnet')}
      schema={sdwanSubnetRequest}
      fields={SUBNET_FIELDS}
      initial={row ?? SUBNET_NEW}
      editing={Boolean(row)}
      save={(v) =>
        row ? edit.mutateAsync({ ...v, id: row.id as number } as never) : add.mutateAsync(v as never)
      }
      onClose={onClose}
    >
      {(field) => (
        <>
          {field(
            'cidr',
            'sdwan.field.subnet',
            <Input placeholder="100.64.0.0/16" data-testid="sdwan-subnet-cidr" />,
          )}
          {field('rangeStart', 'sdwan.field.rangeStart', <Input />)}
          {field('rangeEnd', 'sdwan.field.rangeEnd', <Input />)}
        </>
      )}
    </EntityModal>
  );
});

/** The four dialogs; `editing` says which is open and on what row. */
export function SdwanForms({
  editing,
  onClose,
  topology,
}: {
  editing: { kind: Kind; row: Row } | null;
  onClose: () => void;
  topology: SdwanTopology;
}) {
  const choices = useFormChoices(topology);
  const row = editing?.row ?? null;
  const on = (kind: Kind) => ({
    open: editing?.kind === kind,
    row: editing?.kind === kind ? row : null,
    onClose,
  });
  return (
    <>
      <SiteForm {...on(KIND.site)} nodes={choices.nodes} />
      <NodeForm {...on(KIND.node)} sites={choices.sites} />
      <LinkForm {...on(KIND.link)} sites={choices.sites} relays={choices.relays} />
      <SubnetForm {...on(KIND.subnet)} />
    </>
  );
}
