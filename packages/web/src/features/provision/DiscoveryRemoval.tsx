/**
 * Removing waiting devices from Discovery (issue 13): one, the selected ones, or all, each after a
 * confirmation. A real device asks again and comes back; an impostor's entry or a flood goes.
 */
import { Button, Tag, Tooltip } from 'antd';
import { DeleteOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DiscoveryDeviceView, DiscoveryRemoveRequest } from '@edge/protocol';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { serverText } from '../inventory/serverText.ts';
import { useRemoveDiscovery } from './api.ts';

/** Asks, removes, says so; resolves true when removed. */
export function useDiscoveryRemoval(onRemoved: () => void) {
  const { t } = useTranslation();
  const { act } = useConfirmAct();
  const remove = useRemoveDiscovery();
  const run = (message: string, body: DiscoveryRemoveRequest) =>
    act({
      confirm: { message, danger: true, okText: t('provision.discoveryRemove.remove') },
      run: () => remove.mutateAsync(body),
      done: (answer) => serverText(t, answer.message),
      then: onRemoved,
    });
  return {
    pending: remove.isPending,
    one: (device: DiscoveryDeviceView) =>
      run(t('provision.discoveryRemove.confirmOne', { sn: device.sn }), { ids: [device.id] }),
    selected: (ids: string[]) =>
      run(t('provision.discoveryRemove.confirmSelected', { count: ids.length }), { ids }),
    all: () => run(t('provision.discoveryRemove.confirmAll'), { all: true }),
  };
}

export function RemoveSelectedButtons({
  selected,
  total,
  removal,
}: {
  selected: string[];
  total: number;
  removal: ReturnType<typeof useDiscoveryRemoval>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        danger
        icon={<DeleteOutlined />}
        disabled={selected.length === 0}
        loading={removal.pending}
        onClick={() => void removal.selected(selected)}
        data-testid="discovery-remove-selected"
      >
        {t('provision.discoveryRemove.removeSelected', { count: selected.length })}
      </Button>
      <Button
        danger
        disabled={total === 0}
        onClick={() => void removal.all()}
        data-testid="discovery-remove-all"
      >
        {t('provision.discoveryRemove.removeAll')}
      </Button>
    </>
  );
}

/** The serial, flagged when another key asked for it too. */
export function SerialCell({ device }: { device: DiscoveryDeviceView }) {
  const { t } = useTranslation();
  if (!device.conflictFingerprint) return <>{device.sn}</>;
  return (
    <>
      {device.sn}{' '}
      <Tooltip title={t('provision.conflict.tooltip', { fingerprint: device.conflictFingerprint })}>
        <Tag color="red" icon={<WarningOutlined />} data-testid={`conflict-${device.sn}`}>
          {t('provision.conflict.tag')}
        </Tag>
      </Tooltip>
    </>
  );
}
