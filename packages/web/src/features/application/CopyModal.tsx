/** Device to device (SPEC 4): a running app's definition deployed to other devices or a group, as a job. */
import { useState } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/notifications/toast.ts';
import { messageText } from '../../i18n/messageText.ts';
import { DevicePicker, NO_TARGET, whereOf, type Target } from './DevicePicker.tsx';
import { useCopyContainer } from './api.ts';

export function CopyModal({
  fromDeviceId,
  name,
  onClose,
}: {
  fromDeviceId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<Target>(NO_TARGET);
  const copy = useCopyContainer();
  const submit = () => {
    const where = whereOf(target);
    if (!where) {
      toast.error(messageText(t, 'deployDevicesRequired'));
      return;
    }
    copy.mutate(
      { fromDeviceId, name, ...where },
      {
        onSuccess: () => {
          toast.success(t('application.store.started'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title={t('application.copy.title', { name })}
      okText={t('application.actions.copy')}
      cancelText={t('common.cancel')}
      confirmLoading={copy.isPending}
      okButtonProps={{ 'data-testid': 'copy-save' }}
      onCancel={onClose}
      onOk={submit}
    >
      <Form layout="vertical">
        <Form.Item label={t('application.store.runOn')} required>
          <DevicePicker value={target} onChange={setTarget} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
