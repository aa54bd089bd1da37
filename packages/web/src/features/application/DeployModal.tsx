/**
 * Deploying a template: the container's name, the devices or the group, and SPEC 5's choice to install
 * even where the device lacks the resources ('Yes, install it!'; it runs once they are free).
 */
import { useState } from 'react';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { deployRequest, type TemplateView } from '@edge/protocol';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { toast } from '../../components/notifications/toast.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { DevicePicker, NO_TARGET, whereOf, type Target } from './DevicePicker.tsx';
import { useDeploy } from './api.ts';

const FIELDS = ['name'] as const;

export function DeployModal({
  template,
  onNames,
  onStarted,
  onClose,
}: {
  template: TemplateView;
  onNames: (names: Record<string, string>) => void;
  onStarted: (jobId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; installAnyway: boolean }>();
  const [target, setTarget] = useState<Target>(NO_TARGET);
  const deploy = useDeploy();
  const { confirmThen } = useConfirm();
  const { field } = useSchemaFields(deployRequest, FIELDS, {
    values: () => ({ templateId: template.id, deviceIds: ['-'], ...form.getFieldsValue(true) }),
  });

  const send = (name: string, installAnyway: boolean) =>
    deploy.mutate(
      { templateId: template.id, name, installAnyway, ...whereOf(target) },
      {
        onSuccess: (detail) => {
          toast.success(t('application.store.started'));
          onStarted(detail.job.id);
        },
      },
    );

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (!whereOf(target)) {
      toast.error(messageText(t, 'deployDevicesRequired'));
      return;
    }
    if (values.installAnyway)
      await confirmThen(
        { message: t('application.confirm.installAnyway'), okText: t('application.confirm.yesInstall') },
        () => send(values.name, true),
      );
    else send(values.name, false);
  };

  return (
    <Modal
      open
      title={t('application.store.deployTitle', { name: template.appName })}
      okText={t('application.actions.deploy')}
      cancelText={t('common.cancel')}
      confirmLoading={deploy.isPending}
      okButtonProps={{ 'data-testid': 'deploy-save' }}
      onCancel={onClose}
      onOk={() => void submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: template.appName, installAnyway: false }}
        data-testid="deploy-form"
      >
        {field('name', 'application.store.containerName', <Input data-testid="deploy-name" />)}
        <Form.Item label={t('application.store.runOn')} required>
          <DevicePicker value={target} onChange={setTarget} onNames={onNames} />
        </Form.Item>
        <Form.Item name="installAnyway" valuePropName="checked">
          <Checkbox data-testid="deploy-anyway">{t('application.store.installAnyway')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
