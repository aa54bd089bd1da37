/**
 * multipleWan/wifiHotspot: the networks the device's radio hears now (rpc wifi.scan). A failure reads as
 * the SPEC's device words: offline and refusals (no radio) are 409, a slow radio 504, the rest 502.
 */
import { messages, type ScannedWifiNetwork } from '@edge/protocol';
import { DeviceRpcError, type RpcService } from '../../devices/index.ts';
import { fail } from '../../http/errors.ts';

/** A scan hops across every channel of both bands: slower than most calls. */
const SCAN_DEADLINE_MS = 20_000;

export async function scanned(rpc: RpcService, deviceId: string): Promise<ScannedWifiNetwork[]> {
  try {
    return (await rpc.call(deviceId, 'wifi.scan', {}, { deadlineMs: SCAN_DEADLINE_MS })).networks;
  } catch (err) {
    if (!(err instanceof DeviceRpcError)) throw err;
    if (err.reason === 'unknownDevice') throw fail(404, 'deviceNotFound');
    if (err.reason === 'deviceOffline') throw fail(409, 'deviceOffline');
    if (err.reason === 'deviceTimeout') throw fail(504, 'deviceTimeout');
    const words = messages.deviceCommandFailed.replace('{{error}}', err.message);
    throw fail(
      err.remoteCode === 'unsupported' || err.remoteCode === 'busy' ? 409 : 502,
      'deviceCommandFailed',
      words,
    );
  }
}
