/**
 * Why a test failed on a device, as a message code (protocol messages-diagnose.ts) the web translates; the
 * device's own words are kept beside it in the step's result.
 */
import type { MessageCode } from '@edge/protocol';
import { DeviceRpcError } from '../devices/rpc.ts';

export function failureReason(err: unknown): MessageCode {
  if (!(err instanceof DeviceRpcError)) return 'diagnoseToolFailed';
  switch (err.reason) {
    case 'deviceOffline':
    case 'unknownDevice':
      return 'diagnoseDeviceOffline';
    case 'deviceTimeout':
      return 'diagnoseDeviceTimeout';
    case 'stopped':
      return 'consoleStopping';
    case 'remote':
      if (err.remoteCode === 'unsupported' || err.remoteCode === 'unknownMethod')
        return 'diagnoseUnsupported';
      if (err.remoteCode === 'busy') return 'diagnoseDeviceBusy';
      if (err.remoteCode === 'timeout') return 'diagnoseDeviceTimeout';
      return 'diagnoseToolFailed';
    default:
      return 'diagnoseToolFailed';
  }
}

export const failureDetail = (err: unknown): string => (err instanceof Error ? err.message : String(err));
