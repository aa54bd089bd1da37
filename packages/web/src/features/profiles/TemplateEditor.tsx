/**
 * Creating or editing a profile template (SPEC 3, 9): its name and the device name, then the WAN, DHCP,
 * mobile network and Wi-Fi parts, each with the device section's own editor (templateParts.tsx); a new
 * template starts from SPEC 9's defaults. Save stores the whole template ('Profile created/edited
 * successfully.'); the server checks it with the same protocol rules (SPEC 5) the form shows.
 */
import { useState } from 'react';
import { Alert, Badge, Form, Input, Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PROFILE_TEMPLATE_NAME_MAX,
  profileTemplate,
  profileTemplateDefaults,
  type ProfileTemplate,
  type ProfileTemplateView,
} from '@edge/protocol';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { VERTICAL } from '../deviceSettings/document.ts';
import { useCreateTemplate, useEditTemplate } from './api.ts';
import { draftView, useProfileScope } from './sectionEditors.tsx';
import { useDialogSave } from './profileActs.ts';
import { TEMPLATE_PARTS, templateParts, type TemplatePart } from './templateParts.tsx';

type Named = Pick<ProfileTemplate, 'name' | 'deviceName'>;
const NAMED_FIELDS = ['name', 'deviceName'] as const;

export function TemplateEditor({
  template,
  onClose,
}: {
  /** The template edited; none for a new one. */
  template?: ProfileTemplateView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Named>();
  const [draft, setDraft] = useState<ProfileTemplate>(template?.template ?? profileTemplateDefaults(''));
  const [version, setVersion] = useState(1);
  // The parts applied to the draft since the dialog opened: marked on their tabs until the template is saved.
  const [changed, setChanged] = useState<ReadonlySet<TemplatePart>>(new Set());
  const create = useCreateTemplate();
  const edit = useEditTemplate();
  const { save: saveDialog, busy } = useDialogSave(form, onClose);
  const { confirm } = useConfirm();
  const scope = useProfileScope();
  const { field } = useSchemaFields(profileTemplate, NAMED_FIELDS, {
    values: () => ({ ...draft, ...form.getFieldsValue(true) }),
  });

  const save = () =>
    saveDialog(
      (named) => {
        const body = { ...draft, ...named };
        return template ? edit.mutateAsync({ id: template.id, ...body }) : create.mutateAsync(body);
      },
      template ? 'profileEdited' : 'profileCreated',
    );

  return (
    <Modal
      open
      width={960}
      title={t(template ? 'profiles.templates.editTitle' : 'profiles.templates.createTitle')}
      // Save template sits in the dialog's footer, apart from the Apply of the part shown above it.
      okText={t('profiles.templates.save')}
      okButtonProps={{ loading: busy, 'data-testid': 'template-save' }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="template-editor"
    >
      <Form<Named>
        form={form}
        layout={VERTICAL}
        style={{ maxWidth: 480 }}
        initialValues={{ name: draft.name, deviceName: draft.deviceName }}
      >
        {field(
          'name',
          'profiles.templates.name',
          <Input data-testid="template-name" maxLength={PROFILE_TEMPLATE_NAME_MAX} />,
        )}
        {field('deviceName', 'profiles.templates.deviceName', <Input data-testid="template-device-name" />)}
      </Form>
      <Alert type="info" showIcon title={t('profiles.templates.partsHint')} style={{ marginBottom: 16 }} />
      <Tabs
        destroyOnHidden
        items={templateParts.map((part) => {
          const spec = TEMPLATE_PARTS[part];
          return {
            key: part,
            label: (
              <Badge dot={changed.has(part)} offset={[6, 0]}>
                <span data-testid={`template-part-${part}`} data-changed={changed.has(part)}>
                  {t(`profiles.templates.parts.${part}`)}
                </span>
              </Badge>
            ),
            children: (
              <div key={version}>
                {spec.render({
                  view: draftView(spec.section, spec.docOf(draft, scope), version),
                  busy,
                  apply: async (path, body, confirmMessage) => {
                    // A row's own question (delete this pool?) is asked here too; the generic apply one is not.
                    if (confirmMessage && !(await confirm({ message: confirmMessage }))) return false;
                    setDraft((current) => spec.apply(current, path, body));
                    setVersion((v) => v + 1);
                    setChanged((parts) => new Set(parts).add(part));
                    return true;
                  },
                })}
              </div>
            ),
          };
        })}
      />
    </Modal>
  );
}
