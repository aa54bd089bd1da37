/** How a failed device call reads in an inventory answer: the SPEC's words and a status the user can act on. */
import { messages, type MessageCode } from '@edge/protocol';
import type { DeviceRpcError } from '../devices/index.ts';

/** Words put into a SPEC message with a `{{error}}` placeholder. */
export const withError = (code: MessageCode, error: string) =>
  messages[code].replace('{{error}}', error).trim();

export function rpcWords(err: DeviceRpcError): string {
  if (err.reason === 'deviceOffline') return messages.deviceOffline;
  if (err.reason === 'deviceTimeout') return messages.deviceTimeout;
  return err.message;
}

/** Status of a device failure: offline and busy are the user's to retry (409), a timeout 504, others 502. */
export function rpcStatus(err: DeviceRpcError): number {
  if (err.reason === 'unknownDevice') return 404;
  if (err.reason === 'deviceOffline' || err.remoteCode === 'busy') return 409;
  if (err.reason === 'deviceTimeout') return 504;
  return 502;
}
