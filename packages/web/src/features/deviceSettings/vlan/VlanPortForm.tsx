/**
 * A LAN port's VLAN mode (SPEC 2 "port mode"): access puts it untagged in one VLAN (or the LAN); trunk tags
 * it in 2 to 4 VLANs given as a list such as "10,20-22" (SPEC 5). Checked with the protocol's vlanSection
 * schema among the other ports and against the VLANs that exist.
 */
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LAN_VID, vlanPortModes, vlanSection, type VlanEntry, type VlanPort } from '@edge/protocol';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { rowInSection, withEmptyText } from '../../../components/form/rowSchema.ts';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { vidLabel } from './vidLabel.ts';

type Mode = VlanPort['mode'];
/** Both modes' fields, as the form holds them. */
interface PortForm {
  mode: Mode;
  vid?: number;
  vids?: string;
}

const FIELDS = ['mode', 'vid', 'vids'] as const;

/** The port the validated form describes (only the chosen mode's field is kept). */
export const portOf = (port: string, values: Required<PortForm>): VlanPort =>
  values.mode === 'trunk'
    ? { port, mode: 'trunk', vids: values.vids }
    : { port, mode: 'access', vid: values.vid };

export function VlanPortForm({
  initial,
  vlans,
  others,
  onSave,
  onCancel,
}: {
  initial: VlanPort;
  vlans: readonly VlanEntry[];
  others: readonly VlanPort[];
  onSave: (port: VlanPort) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PortForm>();
  const mode = Form.useWatch('mode', form) ?? initial.mode;
  const { field } = useSchemaFields(rowInSection(vlanSection, 'ports', others, { list: vlans }), FIELDS, {
    // As typed, not completed: an emptied VLAN ID must fail as "must be selected".
    values: () => ({ ...withEmptyText(form.getFieldsValue(true), ['vids']), port: initial.port }),
  });
  const vidOptions = [DEFAULT_LAN_VID, ...vlans.map((v) => v.vid)].map((vid) => ({
    value: vid,
    label: vidLabel(t, vid),
  }));

  return (
    <RowFormModal<PortForm>
      title={t('deviceSettings.vlan.portTitle', { port: initial.port })}
      form={form}
      initialValues={initial}
      data-testid="vlan-port"
      onSave={(values) => onSave(portOf(initial.port, values as Required<PortForm>))}
      onCancel={onCancel}
    >
      {field(
        'mode',
        'deviceSettings.vlan.mode',
        <Select
          data-testid="vlan-port-mode"
          options={vlanPortModes.map((m) => ({ value: m, label: t(`deviceSettings.vlan.modes.${m}`) }))}
        />,
      )}
      {mode === 'trunk'
        ? field('vids', 'deviceSettings.vlan.trunkVids', <Input data-testid="vlan-port-vids" />, {
            extra: t('deviceSettings.vlan.trunkHint'),
          })
        : field(
            'vid',
            'deviceSettings.vlan.accessVid',
            <Select data-testid="vlan-port-vid" options={vidOptions} />,
          )}
    </RowFormModal>
  );
}
