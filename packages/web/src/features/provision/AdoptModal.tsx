/** Adopt a device waiting in Discovery: name (defaults to the serial), group and profile. */
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiscoveryDeviceView } from '@edge/protocol';
import { toast } from '../../components/notifications/toast.ts';
import { serverText } from '../inventory/serverText.ts';
import { useAdopt, useAdoptGroups } from './api.ts';

const NAME_MAX = 64;
const NO_GROUP = '';

interface Values {
  name?: string;
  group?: string;
  profile?: string;
}

export function AdoptModal({ device, onClose }: { device: DiscoveryDeviceView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { data: groups } = useAdoptGroups();
  const adopt = useAdopt();

  const submit = async (values: Values) => {
    if (!device) return;
    const answer = await adopt.mutateAsync({
      id: device.id,
      name: values.name?.trim() || undefined,
      groupId: values.group ? Number(values.group) : null,
      profile: values.profile?.trim() || undefined,
    });
    toast.success(serverText(t, answer.message));
    onClose();
  };

  return (
    <Modal
      open={device !== null}
      title={device ? t('provision.adopt.title', { sn: device.sn }) : ''}
      okText={t('provision.adopt.button')}
      cancelText={t('common.cancel')}
      confirmLoading={adopt.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'adopt-ok' }}
    >
      {device && (
        <Typography.Paragraph>
          {t('provision.adopt.fingerprint')}:{' '}
          <Typography.Text code data-testid="adopt-fingerprint">
            <bdi>{device.fingerprint}</bdi>
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('provision.adopt.fingerprintHint')}</Typography.Text>
        </Typography.Paragraph>
      )}
      {device?.conflictFingerprint && (
        <Alert
          className="card-alert"
          type="error"
          showIcon
          title={t('provision.adopt.conflict', { fingerprint: device.conflictFingerprint })}
          data-testid="adopt-conflict"
        />
      )}
      {device && (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ name: device.name || '', group: NO_GROUP, profile: device.profile || '' }}
          onFinish={(v) => void submit(v).catch(() => undefined)}
        >
          <Form.Item name="name" label={t('provision.adopt.name')} extra={t('provision.adopt.nameHint')}>
            <Input maxLength={NAME_MAX} placeholder={device.sn} data-testid="adopt-name" />
          </Form.Item>
          <Form.Item name="group" label={t('provision.adopt.group')}>
            <Select
              options={[
                { value: NO_GROUP, label: t('provision.adopt.noGroup') },
                ...(groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
              ]}
              data-testid="adopt-group"
            />
          </Form.Item>
          <Form.Item
            name="profile"
            label={t('provision.adopt.profile')}
            extra={t('provision.adopt.profileHint')}
          >
            <Input maxLength={NAME_MAX} data-testid="adopt-profile" />
          </Form.Item>
          <Typography.Text type="secondary">{t('provision.discovery.applyWarning')}</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
