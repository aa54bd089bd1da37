/** The user's own profile: name, type and role shown; e-mail and company name editable after confirmation. */
import { Avatar, Button, Card, Descriptions, Form, Input, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { emailRule, type AccountInfo, type ProfileRequest } from '@edge/protocol';
import { ruleValidator } from '../../../components/formRules.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { toast } from '../../../components/notifications/toast.ts';
import { useUpdateProfile } from '../../account/api.ts';

export function ProfileCard({ me }: { me: AccountInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileRequest>();
  const { confirmThen } = useConfirm();
  const update = useUpdateProfile();

  const save = (values: ProfileRequest) =>
    confirmThen({ message: 'confirmEdit', kind: 'info' }, async () => {
      await update.mutateAsync(values);
      toast.success(t('messages.profileSaved'));
    });

  return (
    <Card title={t('settings.profile')} className="settings-card">
      <div className="profile-head">
        <Avatar size={56} icon={<UserOutlined />} className="profile-avatar" />
        <div>
          <div className="profile-name" data-testid="profile-name">
            {me.name}
          </div>
          <Tag color={me.type === 'Admin' ? 'blue' : 'green'}>{t(`accountTypes.${me.type}`)}</Tag>
        </div>
      </div>
      <Descriptions column={1} size="small" className="profile-facts">
        <Descriptions.Item label={t('settings.userName')}>{me.name}</Descriptions.Item>
        <Descriptions.Item label={t('settings.role')}>{me.roleName}</Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ email: me.email, companyName: me.companyName }}
        onFinish={save}
        requiredMark={false}
      >
        <Form.Item name="email" label={t('settings.email')} rules={[{ validator: ruleValidator(t, emailRule) }]}>
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item name="companyName" label={t('settings.companyName')}>
          <Input autoComplete="organization" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
