/** The user's own profile: name, type and role shown; e-mail and company name editable after confirmation. */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Descriptions, Form, Input, Space, Tag, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ICON_UPLOAD, profileRequest, type AccountInfo, type ProfileRequest } from '@edge/protocol';
import { withEmptyText } from '../../../components/form/rowSchema.ts';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { toast } from '../../../components/notifications/toast.ts';
import { acceptOf, imageFileProblem } from '../../../components/imageFile.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { useUpdateProfile } from '../../account/api.ts';
import { removeOwnIcon, uploadOwnIcon, useUsers, userIconUrl, usersKey } from '../users/api.ts';

const ICON_ACCEPT = acceptOf(ICON_UPLOAD.types);
const PROFILE_FIELDS = ['email', 'companyName'] as const;

/** Name, type and the user's own icon: shown when there is one, replaced by an upload (type and size checked first), removed. */
function ProfileHead({ me, children }: { me: AccountInfo; children: ReactNode }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(() => Date.now());
  const { act, busy } = useConfirmAct();
  const queryClient = useQueryClient();
  // The user list says whether there is an icon, so a missing one is not even asked for.
  const hasIcon = useUsers().data?.list.find((u) => u.id === me.id)?.hasIcon ?? false;

  const run = (work: () => Promise<unknown>, done: string) =>
    act({
      run: work,
      done,
      then: () => {
        setVersion(Date.now());
        void queryClient.invalidateQueries({ queryKey: usersKey });
      },
      toastErrors: 'applyError',
    });
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
  const { act, busy } = useConfirmAct();
  const update = useUpdateProfile();
  const { field } = useSchemaFields(profileRequest, PROFILE_FIELDS, {
    values: () => withEmptyText(form.getFieldsValue(true) as ProfileRequest, PROFILE_FIELDS),
  });

  const save = (values: ProfileRequest) =>
    act({
      confirm: { message: 'confirmEdit', kind: 'info' },
      run: () => update.mutateAsync(values),
      done: t('messages.profileSaved'),
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
        {field('email', 'settings.email', <Input autoComplete="email" />)}
        {field('companyName', 'settings.companyName', <Input autoComplete="organization" />)}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
