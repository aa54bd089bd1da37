/**
 * The overlay port: the device's side of Secure SD-WAN. It makes and keeps its own WireGuard key pair (only
 * the public key leaves), applies the address and peers the console computed for it, and reports per peer
 * the path in use, handshake, counters and latency. Linux drives WireGuard (platform/linux-overlay.ts); the
 * simulator keeps a plausible overlay in memory (platform/simulated-overlay.ts).
 */
import type { OverlayConfig, OverlayIdentity, OverlayStatus } from '@edge/protocol';
import type { PortHandlers } from './host.ts';

export interface OverlayPort {
  identity(): Promise<OverlayIdentity>;
  apply(config: OverlayConfig): Promise<void>;
  status(): Promise<OverlayStatus>;
}

export type OverlayMethod = 'overlay.identity' | 'overlay.apply' | 'overlay.status';

export const overlayRpc = (port: OverlayPort): PortHandlers<OverlayMethod> => ({
  'overlay.identity': () => port.identity(),
  'overlay.apply': async (config) => {
    await port.apply(config);
    return { applied: true };
  },
  'overlay.status': () => port.status(),
});
