/**
 * Add or edit a container template (SPEC 3): app name, registry, image name and tag, network endpoint,
 * resource limitation, environment variables, port binding, volumes, icon. Every field is checked by the
 * protocol's rules before it is sent; the server checks them again.
 */
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  containerPathRule,
  envNameRule,
  portProtocols,
  portRule,
  resourceLevels,
  templateInput,
  volumeNameRule,
  type TemplateInput,
  type TemplateView,
} from '@edge/protocol';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { reject, ruleValidator } from '../../components/formRules.ts';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useCreateTemplate, useEditTemplate, useRegistries } from './api.ts';
import { ListField, type ListCell } from './ListField.tsx';

/** A list row's text input, named by its placeholder. */
const labelled = (label: string) => <Input placeholder={label} aria-label={label} />;
const numberInput = (label: string) => <InputNumber placeholder={label} aria-label={label} />;

const FIELDS = ['appName', 'description', 'imageName', 'tag', 'network', 'icon', 'category'] as const;
const EMPTY: Partial<TemplateInput> = {
  tag: 'latest',
  resource: 'low',
  env: [],
  ports: [],
  volumes: [],
  registryId: null,
};

/** The form's values as the request: empty optional texts as the schema wants them. */
const requestOf = (values: Record<string, unknown>): TemplateInput => ({
  ...(values as TemplateInput),
  network: (values.network as string | undefined) || null,
  registryId: (values.registryId as number | null | undefined) ?? null,
  description: (values.description as string | undefined) ?? '',
  icon: (values.icon as string | undefined) ?? '',
  category: (values.category as string | undefined) ?? '',
});

export function TemplateForm({ template, onClose }: { template: TemplateView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateInput>();
  const registries = useRegistries().data?.list ?? [];
  const create = useCreateTemplate();
  const edit = useEditTemplate();
  const { act } = useConfirmAct();
  const { field } = useSchemaFields(templateInput, FIELDS, {
    values: () => requestOf(form.getFieldsValue(true)),
  });
  const portValidator = (_: unknown, value: number | undefined) => {
    const code = portRule(value ?? NaN);
    return code ? reject(t, code) : Promise.resolve();
  };

  const envCells: ListCell[] = [
    {
      name: 'name',
      validator: ruleValidator(t, envNameRule),
      input: labelled(t('application.fields.envName')),
    },
    { name: 'value', initialValue: '', input: labelled(t('application.fields.envValue')) },
  ];
  const portCells: ListCell[] = [
    {
      name: 'hostPort',
      validator: portValidator,
      input: numberInput(t('application.fields.hostPort')),
    },
    {
      name: 'containerPort',
      validator: portValidator,
      input: numberInput(t('application.fields.containerPort')),
    },
    {
      name: 'protocol',
      initialValue: portProtocols[0],
      input: (
        <Select
          aria-label={t('application.fields.protocol')}
          options={portProtocols.map((p) => ({ value: p, label: t(`application.protocols.${p}`) }))}
        />
      ),
    },
  ];
  const volumeCells: ListCell[] = [
    {
      name: 'name',
      validator: ruleValidator(t, volumeNameRule),
      input: labelled(t('application.fields.volumeName')),
    },
    {
      name: 'containerPath',
      validator: ruleValidator(t, containerPathRule),
      input: labelled(t('application.fields.containerPath')),
    },
  ];

  const save = (values: TemplateInput) =>
    act({
      ...(template && { confirm: { message: t('application.templates.editTitle') } }),
      run: () =>
        template
          ? edit.mutateAsync({ id: template.id, ...requestOf(values as Record<string, unknown>) })
          : create.mutateAsync(requestOf(values as Record<string, unknown>)),
      done: messageText(t, template ? 'applicationUpdated' : 'saved'),
      then: onClose,
    });

  return (
    <RowFormModal<TemplateInput>
      title={t(template ? 'application.templates.editTitle' : 'application.templates.addTitle')}
      name="template"
      okText={t('common.save')}
      form={form}
      initialValues={template ?? EMPTY}
      data-testid="template"
      onSave={save}
      onCancel={onClose}
    >
      {field('appName', 'application.fields.appName', <Input data-testid="template-appName" />)}
      {field('description', 'application.fields.description', <Input.TextArea rows={2} />)}
      <Form.Item name="registryId" label={t('application.fields.registry')}>
        <Select
          allowClear
          placeholder={t('application.fields.noRegistry')}
          options={registries.map((r) => ({ value: r.id, label: `${r.name} (${r.serverAddress})` }))}
        />
      </Form.Item>
      {field('imageName', 'application.fields.imageName', <Input data-testid="template-imageName" />)}
      {field('tag', 'application.fields.tag', <Input data-testid="template-tag" />)}
      {field('network', 'application.fields.network', <Input />)}
      <Form.Item name="resource" label={t('application.fields.resource')}>
        <Select options={resourceLevels.map((l) => ({ value: l, label: t(`application.resource.${l}`) }))} />
      </Form.Item>
      <ListField
        name="env"
        label={t('application.fields.env')}
        empty={{ name: '', value: '' }}
        cells={envCells}
      />
      <ListField
        name="ports"
        label={t('application.fields.ports')}
        empty={{ protocol: portProtocols[0] }}
        cells={portCells}
      />
      <ListField
        name="volumes"
        label={t('application.fields.volumes')}
        empty={{ name: '', containerPath: '' }}
        cells={volumeCells}
      />
      {field('icon', 'application.fields.icon', <Input />)}
      {field('category', 'application.fields.category', <Input />)}
    </RowFormModal>
  );
}
