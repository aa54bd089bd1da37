/**
 * Adopt a device waiting in Discovery: name (defaults to the serial), group and profile template (whose
 * settings the device is given on adoption; some restart it, as the warning says).
 */
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADOPT_TEXT_MAX, adoptRequest, type DiscoveryDeviceView } from '@edge/protocol';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { serverText } from '../inventory/serverText.ts';
import { useAdopt, useAdoptGroups, useTemplateNames } from './api.ts';

const NO_GROUP = '';
const NO_PROFILE = '';
const FIELDS = ['name', 'profile'] as const;

interface Values {
  name?: string;
  group?: string;
  profile?: string;
}

export function AdoptModal({ device, onClose }: { device: DiscoveryDeviceView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { data: groups } = useAdoptGroups();
  const templates = useTemplateNames().data ?? [];
  const adopt = useAdopt();
  const { act, busy } = useConfirmAct();
  const request = (id: string, values: Values) => ({
    id,
    name: values.name?.trim() || undefined,
    groupId: values.group ? Number(values.group) : null,
    profile: values.profile?.trim() || undefined,
  });
  const { field } = useSchemaFields(adoptRequest, FIELDS, {
    values: () => request(device?.id ?? '', form.getFieldsValue(true)),
  });

  const submit = (values: Values) =>
    device &&
    act({
      run: () => adopt.mutateAsync(request(device.id, values)),
      done: (answer) => serverText(t, answer.message),
      then: onClose,
    });

  return (
    <Modal
      open={device !== null}
      title={device ? t('provision.adopt.title', { sn: device.sn }) : ''}
      okText={t('provision.adopt.button')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
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
          onFinish={(v) => void submit(v)}
        >
          {field(
            'name',
            'provision.adopt.name',
            <Input maxLength={ADOPT_TEXT_MAX} placeholder={device.sn} data-testid="adopt-name" />,
            { extra: t('provision.adopt.nameHint') },
          )}
          {field(
            'group',
            'provision.adopt.group',
            <Select
              options={[
                { value: NO_GROUP, label: t('provision.adopt.noGroup') },
                ...(groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
              ]}
              data-testid="adopt-group"
            />,
          )}
          {field(
            'profile',
            'provision.adopt.profile',
            <Select
              options={[
                { value: NO_PROFILE, label: t('provision.adopt.noProfile') },
                ...templates.map((name) => ({ value: name, label: name })),
              ]}
              data-testid="adopt-profile"
            />,
            {
              extra: t('provision.adopt.profileHint'),
            },
          )}
          <Typography.Text type="secondary">{t('provision.discovery.applyWarning')}</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
