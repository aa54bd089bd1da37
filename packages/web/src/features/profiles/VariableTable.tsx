/**
 * A profile's value table: per device or per group, the value a variable takes there (a LAN subnet per
 * site), edited as the rule lists of the device sections are. Rows are checked with the protocol's rules.
 */
import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { variableScopes, variableValue, type VariableValue } from '@edge/protocol';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { RuleTableEditor, type RuleFormProps } from '../../components/table/RuleTableEditor.tsx';
import { useGroups } from '../inventory/api.ts';
import { useDeviceChoices } from '../diagnose/api.ts';

const FIELDS = ['scope', 'target', 'name', 'value'] as const;
const [, GROUP] = variableScopes;

function VariableForm({ initial, onSave, onCancel }: RuleFormProps<VariableValue>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VariableValue>();
  const scope = Form.useWatch('scope', form) ?? initial?.scope ?? GROUP;
  const groups = useGroups().data ?? [];
  // A device is chosen from the fleet (searched by name or serial), as the other device pickers do; the
  // row's own device stays on offer while the search does not list it.
  const [search, setSearch] = useState('');
  const found = useDeviceChoices(search);
  const devices = found.options;
  const own = initial?.scope !== GROUP && initial?.target;
  const deviceOptions =
    own && !devices.some((d) => d.value === own) ? [{ value: own, label: own }, ...devices] : devices;
  const { field } = useSchemaFields(variableValue, FIELDS, { values: () => form.getFieldsValue(true) });
  return (
    <RowFormModal<VariableValue>
      title={t(initial ? 'profiles.variables.edit' : 'profiles.variables.add')}
      form={form}
      initialValues={initial ?? { scope: GROUP, target: '', name: '', value: '' }}
      data-testid="profile-variable"
      onSave={onSave}
      onCancel={onCancel}
    >
      {field(
        'scope',
        'profiles.variables.scope',
        <Select
          options={variableScopes.map((s) => ({ value: s, label: t(`profiles.variables.scopes.${s}`) }))}
        />,
      )}
      {scope === GROUP
        ? field(
            'target',
            'profiles.variables.group',
            <Select options={groups.map((g) => ({ value: String(g.id), label: g.name }))} />,
            { dependencies: ['scope'] },
          )
        : field(
            'target',
            'profiles.variables.device',
            <Select
              showSearch
              filterOption={false}
              onSearch={setSearch}
              options={deviceOptions}
              loading={found.loading}
              data-testid="profile-variable-device"
            />,
            { dependencies: ['scope'], extra: t('profiles.variables.deviceHint') },
          )}
      {field('name', 'profiles.variables.name', <Input data-testid="profile-variable-name" />)}
      {field('value', 'profiles.variables.value', <Input data-testid="profile-variable-value" />)}
    </RowFormModal>
  );
}

export function VariableTable({
  rows,
  onChange,
}: {
  rows: VariableValue[];
  onChange: (rows: VariableValue[]) => void;
}) {
  const { t } = useTranslation();
  const groupName = new Map((useGroups().data ?? []).map((g) => [String(g.id), g.name]));
  return (
    <RuleTableEditor<VariableValue>
      data-testid="profile-variables"
      rows={rows}
      onChange={onChange}
      addLabel={t('profiles.variables.add')}
      deleteConfirm={(row) => t('profiles.variables.deleteConfirm', { variable: row.name })}
      columns={[
        { title: t('profiles.variables.name'), dataIndex: 'name' },
        { title: t('profiles.variables.value'), dataIndex: 'value' },
        {
          title: t('profiles.variables.scope'),
          render: (_, row) =>
            `${t(`profiles.variables.scopes.${row.scope}`)}: ${
              row.scope === 'group' ? (groupName.get(row.target) ?? row.target) : row.target
            }`,
        },
      ]}
      renderForm={(props) => <VariableForm {...props} />}
    />
  );
}
