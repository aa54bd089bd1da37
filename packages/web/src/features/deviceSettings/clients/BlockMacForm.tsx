/** Blocks a MAC typed in by hand (a client not connected now); the MAC is checked with the protocol rule. */
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { macRule, type BlockedClient } from '@edge/protocol';
import { ruleValidator } from '../../../components/formRules.ts';

export function BlockMacForm({ onBlock }: { onBlock: (client: BlockedClient) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BlockedClient>();
  const submit = async (values: BlockedClient) => {
    if (await onBlock({ mac: values.mac.trim(), name: values.name?.trim() ?? '' })) form.resetFields();
  };
  return (
    <Form<BlockedClient> form={form} layout="inline" onFinish={(values) => void submit(values)}>
      <Space wrap align="start">
        <Form.Item
          name="mac"
          label={t('deviceSettings.clients.blockByMac')}
          rules={[{ validator: ruleValidator(t, macRule) }]}
        >
          <Input placeholder={t('deviceSettings.clients.mac')} data-testid="clients-block-mac" />
        </Form.Item>
        <Form.Item name="name">
          <Input placeholder={t('deviceSettings.clients.namePlaceholder')} data-testid="clients-block-name" />
        </Form.Item>
        <Button type="primary" danger htmlType="submit" data-testid="clients-block-submit">
          {t('deviceSettings.clients.block')}
        </Button>
      </Space>
    </Form>
  );
}
