/**
 * Report mode (the least level devices send) and expiry duration (days lines are kept), one form; with a
 * device chosen in the filters, that device's own report mode too (saved and pushed to it when chosen).
 */
import { useEffect } from 'react';
import { Form, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONSOLE_LOG_DEVICE,
  LOG_EXPIRY_DAYS,
  logExpiryRule,
  logReportModes,
  type LogReportMode,
  type MessageCode,
  type LogSettings,
} from '@edge/protocol';
import { toast } from '../../components/notifications/toast.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useDeviceMode, useLogSettings, useSaveDeviceMode, useSaveLogSettings } from './api.ts';

/** The choice that clears the device's own mode. */
const FOLLOW_FLEET = 'fleet';
const SAVED: MessageCode = 'logSettingsSaved';

function DeviceReportMode({ deviceID }: { deviceID: string }) {
  const { t } = useTranslation();
  const current = useDeviceMode(deviceID);
  const fleet = useLogSettings().data?.reportMode;
  const save = useSaveDeviceMode();
  const value = current.data ? (current.data.mode ?? FOLLOW_FLEET) : undefined;
  return (
    <Form.Item label={t('logs.deviceReportMode')} extra={t('logs.deviceReportModeHelp')}>
      <Select<string>
        value={value}
        loading={current.isFetching || save.isPending}
        data-testid="log-device-mode"
        options={[
          {
            value: FOLLOW_FLEET,
            label: t('logs.followFleet', { mode: fleet ? t(`logs.levels.${fleet}`) : '' }),
          },
          ...logReportModes.map((m) => ({ value: m, label: t(`logs.levels.${m}`) })),
        ]}
        onChange={(chosen) =>
          save.mutate(
            { deviceID, mode: chosen === FOLLOW_FLEET ? null : (chosen as LogReportMode) },
            { onSuccess: () => toast.success(messageText(t, SAVED)) },
          )
        }
      />
    </Form.Item>
  );
}

export function LogSettingsModal({
  open,
  onClose,
  deviceID,
}: {
  open: boolean;
  onClose: () => void;
  /** The device chosen in the filters, whose own report mode is offered too. */
  deviceID?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LogSettings>();
  const settings = useLogSettings();
  const save = useSaveLogSettings();
  useEffect(() => {
    if (open && settings.data) form.setFieldsValue(settings.data);
  }, [open, settings.data, form]);

  const submit = async () => {
    const value = await form.validateFields();
    save.mutate(value, {
      onSuccess: () => {
        toast.success(messageText(t, 'logSettingsSaved'));
        onClose();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('logs.settings')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="log-settings">
        <Form.Item name="reportMode" label={t('logs.reportMode')} extra={t('logs.reportModeHelp')}>
          <Select options={logReportModes.map((m) => ({ value: m, label: t(`logs.levels.${m}`) }))} />
        </Form.Item>
        <Form.Item
          name="expiryDays"
          label={t('logs.expiryDays')}
          extra={t('logs.expiryHelp')}
          rules={[
            {
              validator: (_, v: number) => {
                const code = logExpiryRule(v);
                return code ? Promise.reject(new Error(messageText(t, code))) : Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber
            min={LOG_EXPIRY_DAYS.min}
            max={LOG_EXPIRY_DAYS.max}
            precision={0}
            className="full-width"
          />
        </Form.Item>
      </Form>
      {deviceID && deviceID !== CONSOLE_LOG_DEVICE && (
        <Form layout="vertical">
          <DeviceReportMode deviceID={deviceID} />
        </Form>
      )}
    </Modal>
  );
}
