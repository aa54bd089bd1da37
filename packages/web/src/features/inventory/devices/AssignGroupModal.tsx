/** Moves the selected devices into a group, or out of every group (PATCH group/assign). */
import { useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useAssignGroup, useGroups } from '../api.ts';
import { serverText } from '../serverText.ts';

const NO_GROUP = '';

export function AssignGroupModal({
  open,
  deviceIds,
  onClose,
}: {
  open: boolean;
  deviceIds: string[];
  onClose: (moved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { data: groups } = useGroups();
  const assign = useAssignGroup();
  const [target, setTarget] = useState<string>(NO_GROUP);
  const { act, busy } = useConfirmAct();

  const submit = () =>
    act({
      run: () => assign.mutateAsync({ groupId: target === NO_GROUP ? null : Number(target), deviceIds }),
      done: (answer) => serverText(t, answer.message),
      then: () => onClose(true),
    });

  return (
    <Modal
      open={open}
      title={t('inventory.groups.moveTitle', { count: deviceIds.length })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      okButtonProps={{ 'data-testid': 'assign-ok' }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('inventory.groups.target')}>
          <Select
            value={target}
            onChange={setTarget}
            options={[
              { value: NO_GROUP, label: t('inventory.groups.noGroup') },
              ...(groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
            ]}
            data-testid="assign-group"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
