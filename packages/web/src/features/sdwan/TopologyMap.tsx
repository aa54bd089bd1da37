/**
 * The topology map (@xyflow/react): sites on a ring with their nodes, relay nodes in the middle, links as
 * edges coloured by state (SPEC: green active, blue idle, red fail) with the path's role (direct active and
 * relay standby, or the relay active), latency and throughput on each. It redraws from the live topology,
 * and a push gives the map new objects only for the sites, relays and links whose drawing changed.
 */
import { useMemo, useRef } from 'react';
import { Background, Controls, MarkerType, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useTranslation } from 'react-i18next';
import { sdwanLinkStates, type SdwanTopology } from '@edge/protocol';
import { throughputText } from './format.ts';

export const LINK_COLOURS = { active: '#2f9e44', idle: '#1c7ed6', fail: '#e03131' } as const;
const RING = 260;

/**
 * A cache by what an item is drawn from: `get(inputs, make)` answers last render's object while the inputs
 * are the same, else makes one. Entries not asked for in a render are let go.
 */
function useDrawnCache<T>() {
  const cache = useRef(new Map<string, T>());
  return useMemo(
    () => ({
      round<R>(fn: (get: (inputs: unknown, make: () => T) => T) => R): R {
        const next = new Map<string, T>();
        const result = fn((inputs, make) => {
          const key = JSON.stringify(inputs);
          const made = next.get(key) ?? cache.current.get(key) ?? make();
          next.set(key, made);
          return made;
        });
        cache.current = next;
        return result;
      },
    }),
    [],
  );
}

export function TopologyMap({ topology }: { topology: SdwanTopology }) {
  const { t, i18n } = useTranslation();
  const drawnNodes = useDrawnCache<Node>();
  const drawnEdges = useDrawnCache<Edge>();
  const { nodes, edges } = useMemo(() => {
    const language = i18n.language;
    const count = Math.max(topology.sites.length, 1);
    const siteNodes: Node[] = drawnNodes.round((get) =>
      topology.sites
        .map((site, i) => {
          const angle = (2 * Math.PI * i) / count - Math.PI / 2;
          const members = topology.nodes
            .filter((n) => n.siteId === site.id)
            .map(({ deviceId, deviceName, online, role }) => ({ deviceId, deviceName, online, role }));
          return get([language, i, count, site.id, site.name, site.lans, members], () => ({
            id: `site-${site.id}`,
            position: { x: RING + RING * Math.cos(angle), y: RING + RING * Math.sin(angle) },
            data: {
              label: (
                <div className="sdwan-site" data-testid={`sdwan-site-${site.id}`}>
                  <strong>{site.name}</strong>
                  <div className="sdwan-site-lans">{site.lans.join(', ')}</div>
                  {members.map((n) => (
                    <div key={n.deviceId} className={n.online ? 'sdwan-member' : 'sdwan-member offline'}>
                      {n.deviceName} · {t(`sdwan.role.${n.role}`)}
                    </div>
                  ))}
                </div>
              ),
            },
          }));
        })
        .concat(
          topology.nodes
            .filter((n) => n.relay)
            .map((relay, i) =>
              get([language, 'relay', i, relay.deviceId, relay.deviceName], () => ({
                id: `relay-${relay.deviceId}`,
                position: { x: RING - 60 + i * 140, y: RING },
                data: {
                  label: (
                    <div className="sdwan-relay">{t('sdwan.relayNode', { name: relay.deviceName })}</div>
                  ),
                },
              })),
            ),
        ),
    );
    const linkEdges: Edge[] = drawnEdges.round((get) =>
      topology.links.map((link) =>
        get(
          [
            language,
            link.id,
            link.siteA,
            link.siteB,
            link.state,
            link.path,
            link.relayId,
            link.latencyMs,
            link.throughputBps,
            link.endpoint,
          ],
          () => {
            const colour = LINK_COLOURS[link.state];
            const role =
              link.path === 'relay' ? t('sdwan.viaRelayActive') : link.relayId ? t('sdwan.directActive') : '';
            const label = [
              t(`sdwan.state.${link.state}`),
              role,
              link.latencyMs === null ? '' : `${link.latencyMs} ms`,
              link.state === 'fail' ? '' : throughputText(link.throughputBps),
              // The underlay address in use: which of the far end's (or the relay's) addresses answered.
              link.endpoint ?? '',
            ]
              .filter(Boolean)
              .join(' · ');
            return {
              id: `link-${link.id}`,
              source: `site-${link.siteA}`,
              target: `site-${link.siteB}`,
              label,
              className: `sdwan-link sdwan-link-${link.state} sdwan-link-id-${link.id}`,
              data: { state: link.state },
              animated: link.state === 'active',
              style: {
                stroke: colour,
                strokeWidth: 3,
                strokeDasharray: link.path === 'relay' ? '6 4' : undefined,
              },
              labelStyle: { fill: colour, fontWeight: 600 },
              markerEnd: { type: MarkerType.Arrow, color: colour },
            };
          },
        ),
      ),
    );
    return { nodes: siteNodes, edges: linkEdges };
  }, [topology, t, i18n.language, drawnNodes, drawnEdges]);

  return (
    <div className="sdwan-map" data-testid="sdwan-map">
      <ReactFlow nodes={nodes} edges={edges} fitView nodesDraggable proOptions={{ hideAttribution: true }}>
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
      <ul className="sdwan-legend" aria-label={t('sdwan.legend')}>
        {sdwanLinkStates.map((state) => (
          <li key={state}>
            <span style={{ background: LINK_COLOURS[state] }} /> {t(`sdwan.state.${state}`)}
          </li>
        ))}
      </ul>
      {/* The links' states as text too: readable without the colours (and by tests). */}
      <ul className="sdwan-link-states">
        {topology.links.map((link) => (
          <li
            key={link.id}
            data-testid={`sdwan-link-${link.id}`}
            data-state={link.state}
            data-path={link.path}
            data-endpoint={link.endpoint ?? ''}
          >
            {topology.sites.find((s) => s.id === link.siteA)?.name} —{' '}
            {topology.sites.find((s) => s.id === link.siteB)?.name}:{' '}
            <span style={{ color: LINK_COLOURS[link.state] }}>{t(`sdwan.state.${link.state}`)}</span>
            {link.path === 'none' ? '' : ` · ${t(`sdwan.path.${link.path}`)}`}
            {link.endpoint ? ` · ${link.endpoint}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
