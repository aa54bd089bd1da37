/**
 * Add a VLAN or edit its description (SPEC 3: vid and description). The ID is checked with the protocol's
 * vlanSection schema among the other VLANs: 2-4094 and not taken. An existing VLAN keeps its ID, since
 * ports and DHCP servers refer to it.
 */
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { vlanSection, type VlanEntry } from '@edge/protocol';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { rowInSection, withEmptyText } from '../../../components/form/rowSchema.ts';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';

const FIELDS = ['vid', 'description'] as const;

export function VlanForm({
  initial,
  others,
  onSave,
  onCancel,
}: {
  /** The VLAN being edited, or null to add one. */
  initial: VlanEntry | null;
  others: readonly VlanEntry[];
  onSave: (vlan: VlanEntry) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VlanEntry>();
  // Ports are checked in their own dialog; here only the list's rules apply.
  const { field } = useSchemaFields(rowInSection(vlanSection, 'list', others, { ports: [] }), FIELDS, {
    values: () => withEmptyText(form.getFieldsValue(true), ['description']),
  });
  return (
    <RowFormModal<VlanEntry>
      title={t(initial ? 'deviceSettings.vlan.edit' : 'deviceSettings.vlan.add')}
      form={form}
      initialValues={initial ?? {}}
      data-testid="vlan-entry"
      onSave={onSave}
      onCancel={onCancel}
    >
      {field(
        'vid',
        'deviceSettings.vlan.vid',
        <InputNumber data-testid="vlan-vid" disabled={initial !== null} style={{ width: '100%' }} />,
      )}
      {field('description', 'deviceSettings.vlan.description', <Input data-testid="vlan-description" />)}
    </RowFormModal>
  );
}
