/**
 * Add or edit a contact: the channel, then the fields SPEC 3 gives it, and its own quiet hours (replacing
 * the rule's for it). Secret fields are never shown; left empty on edit they keep what is stored, and on
 * create the ones the channel needs are asked for (the schema refuses them empty, in the SPEC's words).
 * A WeChat Work application's contact shows the receive-messages URL to set on the app once it is saved.
 */
import { Fragment } from 'react';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CHANNEL_BASE_URLS,
  CONTACT_SECRETS,
  contactRequest,
  notifyChannels,
  wecomCallbackPath,
  type ContactRequest,
  type ContactView,
  type NotifyChannel,
} from '@edge/protocol';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import type { TKey } from '../../i18n/keys.ts';
import { useAddContact, useEditContact } from './api.ts';
import { QuietHoursFields } from './QuietHoursFields.tsx';

type Values = Record<string, unknown> & { channel: NotifyChannel; configName: string };

/** The fields of each channel beside the config name, in the order shown. */
const CHANNEL_FIELDS: Record<NotifyChannel, readonly string[]> = {
  email: ['smtpServer', 'port', 'secure', 'userName', 'password', 'sender', 'receivers'],
  webhook: ['url', 'secret'],
  slack: ['url'],
  teams: ['url'],
  telegram: ['baseUrl', 'token', 'receivers'],
  line: ['baseUrl', 'token', 'receivers'],
  wechat: ['baseUrl', 'token'],
  dingtalk: ['baseUrl', 'token', 'appSecret'],
  sms: ['url', 'token', 'receivers'],
  wecom: ['baseUrl', 'appId', 'agentId', 'appSecret', 'receivers', 'token', 'aesKey'],
};
const SECRET = new Set(['password', 'secret', 'token', 'appSecret', 'aesKey']);
const ALL = ['configName', ...new Set(Object.values(CHANNEL_FIELDS).flat()), 'quietFrom', 'quietTo'];
const NEW_CONTACT: Values = {
  channel: 'email',
  configName: '',
  port: 25,
  secure: false,
  receivers: [],
  quietFrom: '',
  quietTo: '',
};

export function ContactModal({ contact, onClose }: { contact: ContactView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const channel: NotifyChannel = Form.useWatch('channel', form) ?? contact?.channel ?? 'email';
  const add = useAddContact();
  const edit = useEditContact();
  const { act } = useConfirmAct();
  // A secret left empty on edit keeps the stored one: it is left out of the request (and of its check). One
  // the channel needs and has not stored is sent, empty if not typed, so the schema asks for it.
  const requestOf = (values: Values) => {
    const needed = CONTACT_SECRETS[values.channel].map(([name]) => name);
    const filled = Object.fromEntries(
      needed.filter((k) => !contact?.secrets.includes(k)).map((k) => [k, '']),
    );
    return Object.fromEntries(
      Object.entries({ ...filled, ...values }).filter(
        ([k, v]) => !(SECRET.has(k) && v === '' && contact?.secrets.includes(k)) && v !== undefined,
      ),
    ) as ContactRequest;
  };
  const { field } = useSchemaFields(contactRequest, ALL, {
    values: () => requestOf(form.getFieldsValue(true)),
  });
  const input = (name: string) => {
    if (name === 'port') return <InputNumber min={1} max={65535} />;
    if (name === 'agentId') return <InputNumber min={1} precision={0} />;
    if (name === 'secure') return <Switch />;
    if (name === 'receivers')
      return (
        <Select
          mode="tags"
          open={false}
          tokenSeparators={[',', ' ']}
          placeholder={t('notify.receiversHint')}
        />
      );
    if (SECRET.has(name))
      return (
        <Input.Password
          autoComplete="new-password"
          placeholder={contact?.secrets.includes(name) ? t('notify.secretKept') : undefined}
        />
      );
    if (name === 'baseUrl') return <Input placeholder={CHANNEL_BASE_URLS[channel]} />;
    return <Input />;
  };
  const required = new Set(CONTACT_SECRETS[channel].map(([name]) => name));
  const extraOf = (name: string) => {
    if (channel === 'wecom' && name === 'aesKey')
      return (
        <span data-testid="contact-wecom-callback">
          {contact
            ? t('notify.wecomCallbackUrl', {
                url: `${window.location.origin}${wecomCallbackPath(contact.id)}`,
              })
            : t('notify.wecomCallbackLater')}
        </span>
      );
    return required.has(name) || SECRET.has(name) ? t('notify.secretHint') : undefined;
  };
  return (
    <RowFormModal<Values>
      title={t(contact ? 'notify.editContact' : 'notify.addContact')}
      name="contact"
      form={form}
      data-testid="contact"
      initialValues={
        contact
          ? {
              channel: contact.channel,
              configName: contact.configName,
              quietFrom: '',
              quietTo: '',
              ...contact.settings,
            }
          : NEW_CONTACT
      }
      onCancel={onClose}
      onSave={(values) =>
        act({
          run: () =>
            contact
              ? edit.mutateAsync({ ...requestOf(values), id: contact.id })
              : add.mutateAsync(requestOf(values)),
          done: t('notify.saved'),
          then: onClose,
        })
      }
    >
      <Form.Item name="channel" label={t('notify.channel')}>
        <Select
          disabled={contact !== null}
          options={notifyChannels.map((c) => ({ value: c, label: t(`notify.channels.${c}`) }))}
          data-testid="contact-channel"
        />
      </Form.Item>
      {field('configName', 'notify.configName', <Input maxLength={64} />)}
      {CHANNEL_FIELDS[channel].map((name) => (
        <Fragment key={name}>
          {field(
            name,
            `notify.fields.${channel === 'sms' && name === 'receivers' ? 'phones' : name}` as TKey,
            input(name),
            {
              valuePropName: name === 'secure' ? 'checked' : undefined,
              extra: extraOf(name),
            },
          )}
        </Fragment>
      ))}
      <QuietHoursFields field={field} hint={t('notify.contactQuietHint')} />
    </RowFormModal>
  );
}
