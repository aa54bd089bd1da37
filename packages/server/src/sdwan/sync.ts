/**
 * The periodic half of the control plane (a claimed scheduler task): ask new nodes for their public key,
 * resend a configuration a node has not confirmed (it was offline, or the call failed), and read each
 * link end's overlay.status into the link's state, path, latency and throughput. A node whose secure mode
 * changed to one that keeps the overlay out (or lets it in again) makes the plan be sent again.
 */
import { overlayAllowed, overlayStatus } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/services.ts';
import type { NodeCalls } from './node-calls.ts';
import { activeNodes, computeConfigs, configHash } from './plan.ts';
import type { SdwanService } from './service.ts';
import { differs, linkState, type Counters, type Report } from './state.ts';
import type { LinkState, SdwanStore } from './store.ts';

const STATUS_DEADLINE_MS = 5000;

export function sdwanSync(deps: {
  store: SdwanStore;
  service: SdwanService;
  devices: DeviceDirectory;
  nodes: NodeCalls;
  changed(): void;
  /** The console host's relay, as configured (SDWAN_RELAY_ENDPOINT): its row is kept so on each round. */
  consoleRelay?: { endpoint: string; listenPort: number };
}) {
  const { store, service, devices, nodes: calls } = deps;
  const reports = new Map<string, Report>();
  const counters: Counters = new Map();
  const shown = new Map<number, LinkState>();
  const online = calls.online;

  async function identities(): Promise<void> {
    const missing = (await store.nodes()).filter((n) => !n.publicKey && online(n.deviceId));
    const got = await Promise.all(missing.map((n) => service.fetchIdentity(n.deviceId)));
    if (got.some(Boolean)) await service.replan();
  }

  /** A node whose secure mode now keeps it out (or lets it in again): everyone concerned is told. */
  let gated = '';
  async function gate(): Promise<void> {
    const model = await service.planModel();
    const now = model.nodes.map((n) => n.deviceId).join(',');
    if (now !== gated) await service.replan();
    gated = now;
  }

  async function resend(): Promise<void> {
    const model = await service.planModel();
    const behind = model.nodes.filter(
      (n) => n.configHash && n.configHash !== n.appliedHash && online(n.deviceId),
    );
    if (!behind.length) return;
    const configs = computeConfigs(model);
    await Promise.all(
      behind.map((n) => {
        const config = configs.get(n.deviceId);
        // Its configuration changed since: the next replan sends it.
        if (!config || configHash(config) !== n.configHash) return Promise.resolve();
        return service.push(n.deviceId, config, n.configHash!);
      }),
    );
  }

  async function states(now = Date.now()): Promise<void> {
    const model = await service.planModel();
    const active = activeNodes(model);
    const ends = new Set([...active.values()].map((n) => n.deviceId));
    await Promise.all(
      [...ends].filter(online).map(async (id) => {
        try {
          const status = overlayStatus.parse(await calls.call(id, 'overlay.status', {}, STATUS_DEADLINE_MS));
          reports.set(id, { at: Date.now(), peers: new Map(status.peers.map((p) => [p.name, p])) });
        } catch {
          // No answer: its report goes stale and its links fail.
        }
      }),
    );
    let changed = false;
    for (const link of model.links) {
      const a = active.get(link.siteA);
      const b = active.get(link.siteB);
      if (!a || !b) continue;
      const state = linkState(link, [a.deviceId, b.deviceId], reports, counters, now);
      const before = shown.get(link.id) ?? (link.stateAt === null ? undefined : link);
      if (!differs(before as LinkState | undefined, state)) continue;
      shown.set(link.id, state);
      await store.linkState(link.id, state);
      changed = true;
    }
    if (changed) deps.changed();
  }

  /**
   * At once, without waiting for the task: a device whose secure mode now keeps the overlay out (or lets it
   * in again) has the plan sent again if it is a node. The task's gate() catches what this replica missed.
   */
  const allowedNow = new Map<string, boolean>();
  function watch(): () => void {
    return devices.onChange((change) => {
      if (change.type !== 'state') return;
      const { id, secureMode } = change.device;
      const allowed = overlayAllowed(secureMode);
      const before = allowedNow.get(id);
      allowedNow.set(id, allowed);
      if (before === undefined || before === allowed) return;
      void (async () => {
        if (await store.isNode(id)) await service.replan();
      })().catch(() => undefined);
    });
  }

  return {
    watch,
    async run(): Promise<void> {
      if (deps.consoleRelay)
        await service.ensureConsoleRelay(deps.consoleRelay.endpoint, deps.consoleRelay.listenPort);
      await identities();
      await gate();
      await resend();
      await states();
    },
  };
}
