/**
 * Add or edit one port forward (SPEC 2, 3): internal IP and port, protocol TCP or UDP, external interface
 * and port, description. Every field is checked with the protocol's portForwardSection schema, so the
 * SPEC 5 words ('Internal IP cannot be empty.', ports 1-65535, 'External interface must be selected.',
 * an external port forwarded twice) show under their fields.
 */
import { Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { forwardProtocols, portForwardSection, type PortForward } from '@edge/protocol';
import { RuleForm } from '../../../components/form/RuleForm.tsx';
import type { RuleFormProps } from '../../../components/table/RuleTableEditor.tsx';
import { useWanInterfaceOptions } from '../ruleTable/useWanInterfaces.ts';
import { protocolOptions } from '../ruleTable/protocolOptions.ts';

/** The key of the list in the section document. */
const LIST_KEY = 'list';

const FIELDS = [
  'internalIp',
  'internalPort',
  'protocol',
  'externalIface',
  'externalPort',
  'description',
] as const;

/** Port and protocol are the user's to give; the rule messages say so if they are left empty. */
const NEW_FORWARD: Partial<PortForward> = { internalIp: '', externalIface: '', description: '' };

export function PortForwardForm({
  deviceId,
  initial,
  others,
  onSave,
  onCancel,
}: RuleFormProps<PortForward> & { deviceId: string }) {
  const { t } = useTranslation();
  const ifaces = useWanInterfaceOptions(deviceId, initial?.externalIface);
  // The external port is checked against the other forwards of its interface and protocol.
  const crossChecked = ['externalIface', 'protocol'];
  return (
    <RuleForm<PortForward, (typeof FIELDS)[number]>
      title={t(initial ? 'deviceSettings.portForward.edit' : 'deviceSettings.portForward.add')}
      data-testid="port-forward"
      section={portForwardSection}
      listKey={LIST_KEY}
      others={others}
      fields={FIELDS}
      initialValues={initial ?? NEW_FORWARD}
      onSave={onSave}
      onCancel={onCancel}
    >
      {({ field }) => (
        <>
          {field(
            'internalIp',
            'deviceSettings.portForward.internalIp',
            <Input data-testid="port-forward-internal-ip" />,
          )}
          {field(
            'internalPort',
            'deviceSettings.portForward.internalPort',
            <InputNumber data-testid="port-forward-internal-port" />,
          )}
          {field(
            'protocol',
            'deviceSettings.portForward.protocol',
            <Select data-testid="port-forward-protocol" options={protocolOptions(forwardProtocols)} />,
          )}
          {field(
            'externalIface',
            'deviceSettings.portForward.externalIface',
            <Select data-testid="port-forward-external-iface" options={ifaces} />,
          )}
          {field(
            'externalPort',
            'deviceSettings.portForward.externalPort',
            <InputNumber data-testid="port-forward-external-port" />,
            {
              dependencies: crossChecked,
            },
          )}
          {field(
            'description',
            'deviceSettings.portForward.description',
            <Input data-testid="port-forward-description" />,
          )}
        </>
      )}
    </RuleForm>
  );
}
