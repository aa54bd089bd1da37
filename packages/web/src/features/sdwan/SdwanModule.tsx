/**
 * Secure SD-WAN, shown as OrpheLink (SPEC 1, 2): the live topology map, and the sites, nodes (with the
 * Ungroup group of nodes in no site), links and tunnel subnets, each added, edited and deleted with the
 * SPEC's confirmations and messages. Everything follows the live topology channel.
 */
import { useState } from 'react';
import { Button, Card, Input, InputNumber, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  endpoints,
  sdwanLinkModes,
  sdwanLinkRequest,
  sdwanNodeRequest,
  sdwanSiteRequest,
  sdwanSubnetRequest,
  type SdwanLinkView,
  type SdwanNodeView,
  type SdwanSiteView,
  type SdwanSubnetView,
  type SdwanTopology,
} from '@edge/protocol';
import { useEndpointQuery } from '../../api/hooks.ts';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { usePermission } from '../account/permissions.ts';
import { useSdwanMutations, useTopology } from './api.ts';
import { EntityModal } from './EntityModal.tsx';
import { KIND, LINK_FIELDS, NODE_FIELDS, SITE_FIELDS, SUBNET_FIELDS, type Kind } from './fields.ts';
import { LINK_COLOURS, TopologyMap } from './TopologyMap.tsx';
import { throughputText } from './format.ts';
import '../../components/page.css';
import './sdwan.css';

type Editing = { kind: Kind; row: Record<string, unknown> | null } | null;

const EMPTY: SdwanTopology = { sites: [], nodes: [], links: [], subnets: [] };

/** Rules typed as `ip` or `ip:port`, as the link form's tags show them. */
const rulesOf = (tags: unknown): { ip: string; port: number | null }[] =>
  (Array.isArray(tags) ? (tags as string[]) : []).map((tag) => {
    const [ip, port] = tag.split(':');
    return { ip: ip ?? '', port: port === undefined ? null : Number(port) };
  });

export default function SdwanModule() {
  const { t } = useTranslation();
  const topology = useTopology().data ?? EMPTY;
  const m = useSdwanMutations();
  const { act } = useConfirmAct();
  const canManage = usePermission('SDWAN').manage;
  const [editing, setEditing] = useState<Editing>(null);
  const [deviceSearch, setDeviceSearch] = useState('');
  const devices = useEndpointQuery(endpoints.inventory.list, {
    page: 1,
    pageSize: 40,
    search: deviceSearch || undefined,
  });

  const siteName = (id: number | null) =>
    id === null ? t('sdwan.ungroup') : (topology.sites.find((s) => s.id === id)?.name ?? String(id));
  const nodeName = (id: string | null) =>
    topology.nodes.find((n) => n.deviceId === id)?.deviceName ?? id ?? '';
  const remove = (name: string, run: () => Promise<{ message: string }>) =>
    void act({
      confirm: { message: t('sdwan.confirmDelete', { name }), danger: true },
      run,
      done: (a) => a.message,
    });
  const actions = (
    kind: Kind,
    row: Record<string, unknown>,
    name: string,
    del: () => Promise<{ message: string }>,
  ) =>
    canManage ? (
      <Space>
        <Button size="small" onClick={() => setEditing({ kind, row })}>
          {t('sdwan.edit')}
        </Button>
        <Button size="small" danger onClick={() => remove(name, del)}>
          {t('sdwan.delete')}
        </Button>
      </Space>
    ) : null;
  const addButton = (kind: Kind) =>
    canManage ? (
      <Button
        type="primary"
        onClick={() => setEditing({ kind, row: null })}
        data-testid={`sdwan-add-${kind}`}
      >
        {t(`sdwan.add.${kind}`)}
      </Button>
    ) : null;
  const close = () => setEditing(null);
  const row = editing?.row ?? null;

  const tabs = [
    {
      key: 'map',
      label: t('sdwan.tabs.topology'),
      children: <TopologyMap topology={topology} />,
    },
    {
      key: 'sites',
      label: t('sdwan.tabs.sites'),
      children: (
        <Card extra={addButton(KIND.site)}>
          <Table<SdwanSiteView>
            rowKey="id"
            dataSource={topology.sites}
            pagination={false}
            columns={[
              { title: t('sdwan.field.name'), dataIndex: 'name' },
              { title: t('sdwan.field.lans'), render: (_, s) => s.lans.map((l) => <Tag key={l}>{l}</Tag>) },
              { title: t('sdwan.field.exitNode'), render: (_, s) => nodeName(s.exitNodeId) },
              {
                title: '',
                render: (_, s) => actions(KIND.site, s, s.name, () => m.siteDelete.mutateAsync({ id: s.id })),
              },
            ]}
          />
        </Card>
      ),
    },
    {
      key: 'nodes',
      label: t('sdwan.tabs.nodes'),
      children: (
        <Card extra={addButton(KIND.node)}>
          <Table<SdwanNodeView>
            rowKey="deviceId"
            dataSource={topology.nodes}
            pagination={false}
            columns={[
              { title: t('sdwan.field.device'), dataIndex: 'deviceName' },
              { title: t('sdwan.field.site'), render: (_, n) => siteName(n.siteId) },
              {
                title: t('sdwan.field.role'),
                render: (_, n) => (n.relay ? t('sdwan.relay') : t(`sdwan.role.${n.role}`)),
              },
              { title: t('sdwan.field.tunnelIp'), dataIndex: 'tunnelIp' },
              { title: t('sdwan.field.endpoint'), render: (_, n) => n.endpoint || n.addresses[0] || '' },
              { title: t('sdwan.field.listenPort'), dataIndex: 'listenPort' },
              {
                title: t('sdwan.field.onBoot'),
                render: (_, n) => (n.onBoot ? t('sdwan.yes') : t('sdwan.no')),
              },
              {
                title: t('sdwan.field.inSync'),
                render: (_, n) => (n.inSync ? t('sdwan.yes') : t('sdwan.no')),
              },
              {
                title: '',
                render: (_, n) =>
                  actions(KIND.node, n, n.deviceName, () =>
                    m.nodeDelete.mutateAsync({ deviceId: n.deviceId }),
                  ),
              },
            ]}
          />
        </Card>
      ),
    },
    {
      key: 'links',
      label: t('sdwan.tabs.links'),
      children: (
        <Card extra={addButton(KIND.link)}>
          <Table<SdwanLinkView>
            rowKey="id"
            dataSource={topology.links}
            pagination={false}
            columns={[
              { title: t('sdwan.field.siteA'), render: (_, l) => siteName(l.siteA) },
              { title: t('sdwan.field.siteB'), render: (_, l) => siteName(l.siteB) },
              {
                title: t('sdwan.field.state'),
                render: (_, l) => (
                  <Tag color={LINK_COLOURS[l.state]} title={t(`sdwan.state.${l.state}`)}>
                    {t(`sdwan.state.${l.state}`)}
                  </Tag>
                ),
              },
              { title: t('sdwan.field.path'), render: (_, l) => t(`sdwan.path.${l.path}`) },
              {
                title: t('sdwan.field.latency'),
                render: (_, l) => (l.latencyMs === null ? '' : `${l.latencyMs} ms`),
              },
              { title: t('sdwan.field.throughput'), render: (_, l) => throughputText(l.throughputBps) },
              { title: t('sdwan.field.relay'), render: (_, l) => nodeName(l.relayId) },
              {
                title: t('sdwan.field.rateLimit'),
                render: (_, l) => (l.rateLimitMbps === null ? '' : `${l.rateLimitMbps} Mbps`),
              },
              {
                title: '',
                render: (_, l) =>
                  actions(KIND.link, l, `${siteName(l.siteA)} — ${siteName(l.siteB)}`, () =>
                    m.linkDelete.mutateAsync({ id: l.id }),
                  ),
              },
            ]}
          />
        </Card>
      ),
    },
    {
      key: 'subnets',
      label: t('sdwan.tabs.subnets'),
      children: (
        <Card extra={addButton(KIND.subnet)}>
          <Table<SdwanSubnetView>
            rowKey="id"
            dataSource={topology.subnets}
            pagination={false}
            columns={[
              { title: t('sdwan.field.subnet'), dataIndex: 'cidr' },
              {
                title: t('sdwan.field.range'),
                render: (_, s) => `${s.rangeStart || '…'} – ${s.rangeEnd || '…'}`,
              },
              { title: t('sdwan.field.used'), render: (_, s) => `${s.used} / ${s.size}` },
              {
                title: '',
                render: (_, s) =>
                  actions(KIND.subnet, s, s.cidr, () => m.subnetDelete.mutateAsync({ id: s.id })),
              },
            ]}
          />
        </Card>
      ),
    },
  ];

  const siteOptions = topology.sites.map((s) => ({ value: s.id, label: s.name }));
  return (
    <div className="page">
      <h2>{t('sdwan.title')}</h2>
      <Tabs items={tabs} />
      <EntityModal
        open={editing?.kind === 'site'}
        title={t(row ? 'sdwan.editTitle.site' : 'sdwan.add.site')}
        schema={sdwanSiteRequest}
        fields={SITE_FIELDS}
        initial={row ?? { lans: [], exitNodeId: null }}
        editing={Boolean(row)}
        save={(v) =>
          row
            ? m.siteEdit.mutateAsync({ ...v, id: row.id as number } as never)
            : m.siteAdd.mutateAsync(v as never)
        }
        onClose={close}
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
              <Select
                allowClear
                options={topology.nodes.map((n) => ({ value: n.deviceId, label: n.deviceName }))}
              />,
            )}
          </>
        )}
      </EntityModal>
      <EntityModal
        open={editing?.kind === 'node'}
        title={t(row ? 'sdwan.editTitle.node' : 'sdwan.add.node')}
        schema={sdwanNodeRequest}
        fields={NODE_FIELDS}
        initial={row ?? { siteId: null, relay: false, endpoint: '', listenPort: 51820, onBoot: true }}
        editing={Boolean(row)}
        save={(v) => (row ? m.nodeEdit.mutateAsync(v as never) : m.nodeAdd.mutateAsync(v as never))}
        onClose={close}
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
                options={(devices.data?.list ?? []).map((d) => ({ value: d.id, label: d.name }))}
              />,
            )}
            {field(
              'siteId',
              'sdwan.field.site',
              <Select
                options={[{ value: null, label: t('sdwan.ungroup') }, ...siteOptions]}
                data-testid="sdwan-node-site"
              />,
            )}
            {field('relay', 'sdwan.field.relayNode', <Switch />, { valuePropName: 'checked' })}
            {field('endpoint', 'sdwan.field.endpoint', <Input placeholder="203.0.113.7:51820" />)}
            {field('listenPort', 'sdwan.field.listenPort', <InputNumber min={1} max={65535} />)}
            {field('onBoot', 'sdwan.field.onBoot', <Switch />, { valuePropName: 'checked' })}
          </>
        )}
      </EntityModal>
      <EntityModal
        open={editing?.kind === 'link'}
        title={t(row ? 'sdwan.editTitle.link' : 'sdwan.add.link')}
        schema={sdwanLinkRequest}
        fields={LINK_FIELDS}
        initial={
          row
            ? {
                ...row,
                rules: (row.rules as { ip: string; port: number | null }[]).map((r) =>
                  r.port === null ? r.ip : `${r.ip}:${r.port}`,
                ),
              }
            : { mode: 'direct', relayId: null, rateLimitMbps: null, rules: [] }
        }
        shape={(v) => ({ ...v, rules: rulesOf(v.rules) })}
        editing={Boolean(row)}
        save={(v) =>
          row
            ? m.linkEdit.mutateAsync({ ...v, id: row.id as number } as never)
            : m.linkAdd.mutateAsync(v as never)
        }
        onClose={close}
      >
        {(field) => (
          <>
            {field('siteA', 'sdwan.field.siteA', <Select options={siteOptions} data-testid="sdwan-link-a" />)}
            {field('siteB', 'sdwan.field.siteB', <Select options={siteOptions} data-testid="sdwan-link-b" />)}
            {field(
              'mode',
              'sdwan.field.mode',
              <Select
                options={sdwanLinkModes.map((mode) => ({ value: mode, label: t(`sdwan.mode.${mode}`) }))}
              />,
            )}
            {field(
              'relayId',
              'sdwan.field.relay',
              <Select
                allowClear
                options={topology.nodes
                  .filter((n) => n.relay)
                  .map((n) => ({ value: n.deviceId, label: n.deviceName }))}
              />,
            )}
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
      <EntityModal
        open={editing?.kind === 'subnet'}
        title={t(row ? 'sdwan.editTitle.subnet' : 'sdwan.add.subnet')}
        schema={sdwanSubnetRequest}
        fields={SUBNET_FIELDS}
        initial={row ?? { rangeStart: '', rangeEnd: '' }}
        editing={Boolean(row)}
        save={(v) =>
          row
            ? m.subnetEdit.mutateAsync({ ...v, id: row.id as number } as never)
            : m.subnetAdd.mutateAsync(v as never)
        }
        onClose={close}
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
    </div>
  );
}
