/**
 * A device's refusal of a container call, as a message code (SPEC 8's words where they exist) and the
 * HTTP status a route answers with; the device's own words stay in the detail.
 */
import { messages, type MessageCode } from '@edge/protocol';
import { DeviceRpcError } from '../devices/rpc.ts';
import { fail } from '../http/errors.ts';
import type { ApiFailure } from '@edge/protocol';

/** Codes a device's words start with: the SPEC's container errors first. */
const KNOWN: MessageCode[] = [
  'cpuReservation',
  'memoryReservation',
  'containerStartError',
  'containerStopError',
  'containerRestartError',
  'containerRemoveError',
  'containerNotFound',
  'deployPullFailed',
  'deployFailed',
];

export function containerFailureCode(err: unknown): MessageCode {
  if (!(err instanceof DeviceRpcError)) return 'deployFailed';
  switch (err.reason) {
    case 'deviceOffline':
    case 'unknownDevice':
      return 'deviceOffline';
    case 'deviceTimeout':
      return 'deviceTimeout';
    case 'stopped':
      return 'consoleStopping';
    case 'remote':
      if (err.remoteCode === 'unsupported' || err.remoteCode === 'unknownMethod') return 'deployNoEngine';
      return KNOWN.find((code) => err.message.startsWith(messages[code])) ?? 'deployFailed';
    default:
      return 'deployFailed';
  }
}

/** For routes: the device's refusal as a 4xx/5xx with the device's words. */
export function containerFailure(err: unknown): ApiFailure {
  const code = containerFailureCode(err);
  const status =
    code === 'deviceOffline'
      ? 409
      : code === 'deviceTimeout'
        ? 504
        : code === 'containerNotFound'
          ? 404
          : 409;
  const detail = err instanceof DeviceRpcError && err.reason === 'remote' ? err.message : undefined;
  return fail(status, code, detail);
}
