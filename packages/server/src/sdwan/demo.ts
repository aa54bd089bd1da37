/**
 * The demo's OrpheLink network (scripts/demo.ts), made through the same service calls an operator's
 * requests make: a tunnel subnet, three sites with LANs (HQ with an active and a standby node), a relay
 * node in the Ungroup group, and links among them: HQ–North direct falling back to the relay, HQ–South
 * always through the relay, North–South direct with a rate limit; North's internet leaves through HQ.
 * The simulated devices then report plausible states, so the map is alive from the start. Made once: a
 * console that already has sites or subnets is left as it is.
 */
import type { SdwanService } from './service.ts';

/** Devices the demo network needs, in the order used: HQ, HQ standby, North, South, relay. */
export const DEMO_NETWORK_DEVICES = 5;

export async function seedDemoNetwork(
  service: SdwanService,
  /** At least DEMO_NETWORK_DEVICES device ids, enrolled. */
  deviceIds: readonly string[],
): Promise<boolean> {
  const current = await service.topology();
  if (current.sites.length || current.subnets.length || deviceIds.length < DEMO_NETWORK_DEVICES) return false;
  const [hq, standby, north, south, relay] = deviceIds as [string, string, string, string, string];
  await service.subnet.add({ cidr: '100.64.0.0/16', rangeStart: '', rangeEnd: '' });
  const site = async (name: string, lan: string) =>
    Number((await service.site.add({ name, lans: [lan], exitNodeId: null })).id);
  const sites = {
    hq: await site('HQ', '192.168.10.0/24'),
    north: await site('Branch North', '192.168.20.0/24'),
    south: await site('Branch South', '192.168.30.0/24'),
  };
  const node = (deviceId: string, siteId: number | null, isRelay = false) =>
    service.node.add({ deviceId, siteId, relay: isRelay, endpoint: '', listenPort: 51820, onBoot: true });
  await node(hq, sites.hq);
  await node(standby, sites.hq);
  await node(north, sites.north);
  await node(south, sites.south);
  await node(relay, null, true);
  const link = (
    siteA: number,
    siteB: number,
    extra: { mode?: 'direct' | 'relayed'; rateLimitMbps?: number },
  ) =>
    service.link.add({
      siteA,
      siteB,
      mode: extra.mode ?? 'direct',
      relayId: relay,
      rateLimitMbps: extra.rateLimitMbps ?? null,
      rules: [],
    });
  await link(sites.hq, sites.north, {});
  await link(sites.hq, sites.south, { mode: 'relayed' });
  await link(sites.north, sites.south, { rateLimitMbps: 50 });
  await service.site.edit(sites.north, { name: 'Branch North', lans: ['192.168.20.0/24'], exitNodeId: hq });
  return true;
}
