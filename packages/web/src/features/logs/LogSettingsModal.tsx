/** Report mode (the least level devices send) and expiry duration (days lines are kept), one form. */
import { useEffect } from 'react';
import { Form, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOG_EXPIRY_DAYS, logExpiryRule, logReportModes, type LogSettings } from '@edge/protocol';
import { toast } from '../../components/notifications/toast.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useLogSettings, useSaveLogSettings } from './api.ts';

export function LogSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
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
    </Modal>
  );
}
