/** The user's own profile: name, type and role shown; e-mail and company name editable after confirmation. */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Descriptions, Form, Input, Space, Tag, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ICON_UPLOAD, emailRule, type AccountInfo, type ProfileRequest } from '@edge/protocol';
import { ruleValidator } from '../../../components/formRules.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { toast } from '../../../components/notifications/toast.ts';
import { acceptOf, imageFileProblem } from '../../../components/imageFile.ts';
import { errorText } from '../../../api/errorText.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { useUpdateProfile } from '../../account/api.ts';
import { removeOwnIcon, uploadOwnIcon, useUsers, userIconUrl, usersKey } from '../users/api.ts';

const ICON_ACCEPT = acceptOf(ICON_UPLOAD.types);

/** Name, type and the user's own icon: shown when there is one, replaced by an upload (type and size checked first), removed. */
function ProfileHead({ me, children }: { me: AccountInfo; children: ReactNode }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // The user list says whether there is an icon, so a missing one is not even asked for.
  const hasIcon = useUsers().data?.list.find((u) => u.id === me.id)?.hasIcon ?? false;

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      setVersion(Date.now());
      await queryClient.invalidateQueries({ queryKey: usersKey });
    } catch (e) {
      toast.error(errorText(t, e, 'applyError'));
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File) => {
    const problem = imageFileProblem(file, ICON_UPLOAD, 'iconType');
    if (problem) toast.error(messageText(t, problem));
    else void run(() => uploadOwnIcon(file), t('messages.saved'));
  };

  return (
    <div className="profile-head">
      <Avatar
        key={version}
        size={64}
        icon={<UserOutlined />}
        src={hasIcon ? userIconUrl(me.id, version) : undefined}
        alt=""
        className="profile-avatar"
        data-testid="own-icon"
      />
      <div className="profile-head-text">
        {children}
        <Space size={4} wrap className="profile-icon-actions">
          <Upload
            accept={ICON_ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              upload(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button size="small" icon={<UploadOutlined />} loading={busy} data-testid="own-icon-upload">
              {t('account.changeIcon')}
            </Button>
          </Upload>
          {hasIcon && (
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              disabled={busy}
              onClick={() => void run(removeOwnIcon, t('messages.deleted'))}
              data-testid="own-icon-remove"
            >
              {t('account.removeIcon')}
            </Button>
          )}
        </Space>
      </div>
    </div>
  );
}

export function ProfileCard({ me }: { me: AccountInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileRequest>();
  useRevalidateOnLanguage(form);
  const { confirmThen } = useConfirm();
  const update = useUpdateProfile();

  const save = (values: ProfileRequest) =>
    confirmThen({ message: 'confirmEdit', kind: 'info' }, async () => {
      await update.mutateAsync(values);
      toast.success(t('messages.profileSaved'));
    });

  return (
    <Card title={t('settings.profile')} className="settings-card">
      <ProfileHead me={me}>
        <div className="profile-name" data-testid="profile-name">
          {me.name}
        </div>
        <Tag color={me.type === 'Admin' ? 'blue' : 'green'}>{t(`accountTypes.${me.type}`)}</Tag>
      </ProfileHead>
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
        <Form.Item
          name="email"
          label={t('settings.email')}
          rules={[{ validator: ruleValidator(t, emailRule) }]}
        >
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
