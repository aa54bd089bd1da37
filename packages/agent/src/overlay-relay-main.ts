/**
 * edge-overlay-relay: the console host's own relay node (SD-WAN, SDWAN_RELAY_ENDPOINT). The console runs
 * it as a child process, so that devices that cannot reach each other (behind NAT, cut underlay) relay
 * through the host they all reach: the same WireGuard overlay as on a device (platform/linux-overlay.ts,
 * wireguard-go in user space when the kernel has no WireGuard), its key pair made and kept in its state
 * directory. It answers the overlay.* calls as JSON lines on stdin/stdout: `{"id", "method", "params"}` in,
 * `{"id", "result"}` or `{"id", "error"}` out; logs go to stderr. It ends when stdin closes (the console
 * went away), taking its tunnel down with it.
 */
import { createHash } from 'node:crypto';
import readline from 'node:readline';
import { overlayConfig } from '@edge/protocol';
import { lineLog } from './log.ts';
import { LinuxOverlay } from './platform/linux-overlay.ts';
import { overlayRpc, type OverlayMethod } from './ports/overlay.ts';

const flag = process.argv.indexOf('--state-dir');
const stateDir = flag > 0 ? process.argv[flag + 1] : undefined;
if (!stateDir) {
  process.stderr.write('Usage: edge-overlay-relay --state-dir DIR\n');
  process.exit(2);
}

const log = lineLog('info', 'relay: ');
// The interface name comes from this: unique per state directory, as wireguard-go's sockets are shared.
const serial = `console-${createHash('sha256').update(stateDir).digest('hex').slice(0, 12)}`;
const overlay = new LinuxOverlay({ serial, stateDir, log });
const handlers = overlayRpc(overlay);

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let id: unknown;
  void (async () => {
    const request = JSON.parse(line) as { id: unknown; method: OverlayMethod; params: unknown };
    id = request.id;
    const handler = handlers[request.method];
    if (!handler) throw new Error(`unknown method ${String(request.method)}`);
    const params = request.method === 'overlay.apply' ? overlayConfig.parse(request.params) : {};
    // No progress to report and nothing to cancel: each call is short.
    return handler(params as never, () => undefined, new AbortController().signal);
  })().then(
    (result) => process.stdout.write(`${JSON.stringify({ id, result })}\n`),
    (err: unknown) => process.stdout.write(`${JSON.stringify({ id, error: String(err) })}\n`),
  );
});
// The console went away: wireguard-go goes with this process (LinuxOverlay), and its interface and routes
// with it. The configuration stays saved, so the relay comes back up at once when the console starts it again.
lines.on('close', () => process.exit(0));
