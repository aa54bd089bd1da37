/**
 * Creating or editing a policy profile: its name, then the section's own editor on the profile's document;
 * the editor's Apply saves the profile (or, for editors that change a row at a time, its Save does) (SPEC 8: 'Profile created/edited successfully.', or the firewall
 * template's words).
 */
import { useState } from 'react';
import { Button, Divider, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PROFILE_NAME_MAX,
  placeholderOf,
  policyProfileRequest,
  sectionDefaults,
  sectionOfKind,
  type PolicyProfileKind,
  type ProfileView,
} from '@edge/protocol';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { VERTICAL } from '../deviceSettings/document.ts';
import { useCreateProfile, useEditProfile } from './api.ts';
import { SECTION_EDITORS, draftView, useProfileScope } from './sectionEditors.tsx';
import { VariableTable } from './VariableTable.tsx';
import { useDialogSave } from './profileActs.ts';

export function ProfileEditor({
  kind,
  profile,
  onClose,
}: {
  kind: PolicyProfileKind;
  /** The profile edited; none for a new one. */
  profile?: ProfileView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const section = sectionOfKind(kind);
  const editor = SECTION_EDITORS[kind];
  const [form] = Form.useForm<{ name: string }>();
  const [doc, setDoc] = useState<unknown>(profile?.body ?? sectionDefaults[section]);
  const [version, setVersion] = useState(1);
  const [values, setValues] = useState(profile?.values ?? []);
  const create = useCreateProfile();
  const edit = useEditProfile();
  const { save: saveDialog, busy } = useDialogSave(form, onClose);
  const { confirm } = useConfirm();
  const scope = useProfileScope();
  const { field } = useSchemaFields(policyProfileRequest, ['name'], {
    values: () => ({ name: form.getFieldValue('name') ?? '', kind, body: doc, values }),
  });
  const created = kind === 'firewall' ? 'firewallTemplateCreated' : 'profileCreated';
  const edited = kind === 'firewall' ? 'firewallTemplateEdited' : 'profileEdited';

  const save = (body: unknown): Promise<boolean> =>
    saveDialog(
      (named) =>
        profile
          ? edit.mutateAsync({ id: profile.id, name: named.name, body, values })
          : create.mutateAsync({ name: named.name, kind, body, values }),
      profile ? edited : created,
    );

  return (
    <Modal
      open
      width={960}
      title={t(profile ? 'profiles.editTitle' : 'profiles.createTitle', {
        kind: t(`profiles.kinds.${kind}`),
      })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="profile-editor"
    >
      <Form form={form} layout={VERTICAL} initialValues={{ name: profile?.name ?? '' }}>
        {field('name', 'profiles.name', <Input data-testid="profile-name" maxLength={PROFILE_NAME_MAX} />)}
      </Form>
      <Typography.Title level={3} className="subsection-title">
        {t('profiles.variables.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('profiles.variablesHint', { name: placeholderOf('name'), serial: placeholderOf('serial') })}
      </Typography.Paragraph>
      <VariableTable rows={values} onChange={setValues} />
      <Divider />
      {editor.render(
        {
          view: draftView(section, doc, version),
          busy,
          apply: async (path, body, confirmMessage) => {
            // A row's own question (delete this pool?) is asked here too; the generic apply one is not.
            if (confirmMessage && !(await confirm({ message: confirmMessage }))) return false;
            const next = editor.docOf(path, body, doc);
            setDoc(next);
            setVersion((v) => v + 1);
            return editor.savesOnApply ? save(next) : true;
          },
        },
        scope,
      )}
      {!editor.savesOnApply && (
        <Button type="primary" data-testid="profile-save" loading={busy} onClick={() => void save(doc)}>
          {t('profiles.save')}
        </Button>
      )}
    </Modal>
  );
}
