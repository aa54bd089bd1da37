import { ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import type { AlertKind } from './alertText.ts';

export function AlertIcon({ kind }: { kind: AlertKind }) {
  return kind === 'warning' ? (
    <ExclamationCircleFilled className="alert-icon alert-icon-warning" />
  ) : (
    <InfoCircleFilled className="alert-icon alert-icon-info" />
  );
}
