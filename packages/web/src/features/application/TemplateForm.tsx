/**
 * Add or edit a container template (SPEC 3): app name, registry, image name and tag, network endpoint,
 * resource limitation, environment variables, port binding, volumes, icon. Every field is checked by the
 * protocol's rules before it is sent; the server checks them again.
 */
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
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
      <Form.Item label={t('application.fields.env')}>
        <Form.List name="env">
          {(items, { add, remove }) => (
            <>
              {items.map(({ key, name }) => (
                <Space key={key} className="application-list-row">
                  <Form.Item
                    name={[name, 'name']}
                    rules={[{ validator: ruleValidator(t, envNameRule) }]}
                    noStyle
                  >
                    <Input
                      placeholder={t('application.fields.envName')}
                      aria-label={t('application.fields.envName')}
                    />
                  </Form.Item>
                  <Form.Item name={[name, 'value']} noStyle initialValue="">
                    <Input
                      placeholder={t('application.fields.envValue')}
                      aria-label={t('application.fields.envValue')}
                    />
                  </Form.Item>
                  <MinusCircleOutlined
                    onClick={() => remove(name)}
                    aria-label={t('application.actions.delete')}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })}>
                {t('application.actions.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label={t('application.fields.ports')}>
        <Form.List name="ports">
          {(items, { add, remove }) => (
            <>
              {items.map(({ key, name }) => (
                <Space key={key} className="application-list-row">
                  <Form.Item name={[name, 'hostPort']} rules={[{ validator: portValidator }]} noStyle>
                    <InputNumber
                      placeholder={t('application.fields.hostPort')}
                      aria-label={t('application.fields.hostPort')}
                    />
                  </Form.Item>
                  <Form.Item name={[name, 'containerPort']} rules={[{ validator: portValidator }]} noStyle>
                    <InputNumber
                      placeholder={t('application.fields.containerPort')}
                      aria-label={t('application.fields.containerPort')}
                    />
                  </Form.Item>
                  <Form.Item name={[name, 'protocol']} noStyle initialValue={portProtocols[0]}>
                    <Select
                      aria-label={t('application.fields.protocol')}
                      options={portProtocols.map((p) => ({
                        value: p,
                        label: t(`application.protocols.${p}`),
                      }))}
                    />
                  </Form.Item>
                  <MinusCircleOutlined
                    onClick={() => remove(name)}
                    aria-label={t('application.actions.delete')}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ protocol: portProtocols[0] })}
              >
                {t('application.actions.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label={t('application.fields.volumes')}>
        <Form.List name="volumes">
          {(items, { add, remove }) => (
            <>
              {items.map(({ key, name }) => (
                <Space key={key} className="application-list-row">
                  <Form.Item
                    name={[name, 'name']}
                    rules={[{ validator: ruleValidator(t, volumeNameRule) }]}
                    noStyle
                  >
                    <Input
                      placeholder={t('application.fields.volumeName')}
                      aria-label={t('application.fields.volumeName')}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[name, 'containerPath']}
                    rules={[{ validator: ruleValidator(t, containerPathRule) }]}
                    noStyle
                  >
                    <Input
                      placeholder={t('application.fields.containerPath')}
                      aria-label={t('application.fields.containerPath')}
                    />
                  </Form.Item>
                  <MinusCircleOutlined
                    onClick={() => remove(name)}
                    aria-label={t('application.actions.delete')}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', containerPath: '' })}
              >
                {t('application.actions.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      {field('icon', 'application.fields.icon', <Input />)}
      {field('category', 'application.fields.category', <Input />)}
    </RowFormModal>
  );
}
