/**
 * Secure SD-WAN, shown as OrpheLink (SPEC 1, 2): the live topology map, and the sites, nodes (with the
 * Ungroup group of nodes in no site), links and tunnel subnets, each added, edited and deleted with the
 * SPEC's confirmations and messages. Everything follows the live topology channel.
 */
import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Space, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONSOLE_NODE_ID,
  type SdwanLinkView,
  type SdwanNodeView,
  type SdwanSiteView,
  type SdwanSubnetView,
  type SdwanTopology,
} from '@edge/protocol';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { usePermission } from '../account/permissions.ts';
import { useSdwanDeletes, useTopology } from './api.ts';
import { SdwanForms, type Row } from './SdwanForms.tsx';
import { KIND, type Kind } from './fields.ts';
import { LINK_COLOURS, TopologyMap } from './TopologyMap.tsx';
import { throughputText, withConsoleName } from './format.ts';
import '../../components/page.css';
import './sdwan.css';

type Editing = { kind: Kind; row: Row } | null;

const EMPTY: SdwanTopology = { sites: [], nodes: [], links: [], subnets: [] };

export default function SdwanModule() {
  const { t } = useTranslation();
  const data = useTopology().data ?? EMPTY;
  const topology = useMemo(() => withConsoleName(data, t('sdwan.consoleHost')), [data, t]);
  const m = useSdwanDeletes();
  const { act } = useConfirmAct();
  const canManage = usePermission('SDWAN').manage;
  const [editing, setEditing] = useState<Editing>(null);

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
  const close = useCallback(() => setEditing(null), []);

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
            scroll={SCROLL_X}
            columns={[
              { title: t('sdwan.field.name'), dataIndex: 'name' },
              { title: t('sdwan.field.lans'), render: (_, s) => s.lans.map((l) => <Tag key={l}>{l}</Tag>) },
              { title: t('sdwan.field.exitNode'), render: (_, s) => nodeName(s.exitNodeId) },
              {
                title: t('sdwan.actions'),
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
            scroll={SCROLL_X}
            columns={[
              { title: t('sdwan.field.device'), dataIndex: 'deviceName' },
              { title: t('sdwan.field.site'), render: (_, n) => siteName(n.siteId) },
              {
                title: t('sdwan.field.role'),
                render: (_, n) =>
                  !n.overlayAllowed ? (
                    <Tag color="orange">{t('sdwan.blocked')}</Tag>
                  ) : n.relay ? (
                    t('sdwan.relay')
                  ) : (
                    t(`sdwan.role.${n.role}`)
                  ),
              },
              { title: t('sdwan.field.tunnelIp'), dataIndex: 'tunnelIp' },
              { title: t('sdwan.field.endpoint'), render: (_, n) => n.endpoint || n.addresses[0] || '' },
              {
                title: t('sdwan.field.addresses'),
                render: (_, n) => n.addresses.map((a) => <Tag key={a}>{a}</Tag>),
              },
              {
                title: t('sdwan.field.neighbours'),
                // One a line: a name is not broken across lines, nor the column widened by a list of them.
                render: (_, n) => n.neighbours.map((id) => <div key={id}>{nodeName(id)}</div>),
              },
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
                title: t('sdwan.actions'),
                // The console host's relay is set on its host, not here.
                render: (_, n) =>
                  n.deviceId === CONSOLE_NODE_ID
                    ? null
                    : actions(KIND.node, n, n.deviceName, () =>
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
            scroll={SCROLL_X}
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
              { title: t('sdwan.field.linkEndpoint'), render: (_, l) => l.endpoint ?? '' },
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
                title: t('sdwan.actions'),
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
            scroll={SCROLL_X}
            columns={[
              { title: t('sdwan.field.subnet'), dataIndex: 'cidr' },
              {
                title: t('sdwan.field.range'),
                render: (_, s) => `${s.rangeStart || '…'} – ${s.rangeEnd || '…'}`,
              },
              { title: t('sdwan.field.used'), render: (_, s) => `${s.used} / ${s.size}` },
              {
                title: t('sdwan.actions'),
                render: (_, s) =>
                  actions(KIND.subnet, s, s.cidr, () => m.subnetDelete.mutateAsync({ id: s.id })),
              },
            ]}
          />
        </Card>
      ),
    },
  ];

  return (
    <div className="page">
      <h2>{t('sdwan.title')}</h2>
      <Tabs items={tabs} />
      <SdwanForms editing={editing} onClose={close} topology={topology} />
    </div>
  );
}
