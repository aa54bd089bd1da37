/**
 * Add or edit the DHCP server of one VLAN (SPEC 2): gateway / management IP, netmask, address range, DNS and
 * maximum lease time. Every field is checked with the protocol's dhcpSection schema, the pool placed among
 * the device's other pools, so the SPEC 5 messages ('DHCP contains invalid IP.', lease of at least 60 s, a
 * VLAN that already has a server, overlapping subnets) show under the field they are about.
 */
import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  dhcpDefaults,
  dhcpSection,
  type DhcpPool,
  type NumberUnitValue,
  type TimeUnit,
} from '@edge/protocol';
import { NumberUnitInput, type UnitKind } from '../../../components/NumberUnitInput.tsx';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { rowInSection, withEmptyText } from '../../../components/form/rowSchema.ts';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { leaseSeconds, leaseValueOf } from './leaseTime.ts';
import { vidLabel } from '../vlan/vidLabel.ts';

export type PoolForm = Omit<DhcpPool, 'maximun_lease_time'> & {
  maximun_lease_time: NumberUnitValue<TimeUnit>;
};

const TIME: UnitKind = 'time';

const TEXT_FIELDS = [
  'description',
  'gateway',
  'netmask',
  'address_range_1',
  'address_range_2',
  'dns',
] as const satisfies readonly (keyof PoolForm)[];

const FIELDS = ['vid', ...TEXT_FIELDS, 'maximun_lease_time'] as const;

/** The pool the form describes, in the device's units (lease in seconds). */
export const poolOf = (values: Partial<PoolForm>) => ({
  ...withEmptyText(values, TEXT_FIELDS),
  maximun_lease_time: leaseSeconds(values.maximun_lease_time),
});

/** A new pool starts from the defaults' netmask and lease; the addresses are the user's to give. */
const NEW_POOL: Partial<PoolForm> = {
  netmask: dhcpDefaults.list[0]!.netmask,
  maximun_lease_time: leaseValueOf(dhcpDefaults.list[0]!.maximun_lease_time),
};

export function DhcpPoolForm({
  initial,
  vids,
  others,
  onSave,
  onCancel,
}: {
  /** The pool being edited, or null to add one. */
  initial: DhcpPool | null;
  /** The VLAN IDs a new pool may serve (those without a server yet). */
  vids: readonly number[];
  /** The device's other pools, which the new one must not clash with. */
  others: readonly DhcpPool[];
  onSave: (pool: DhcpPool) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PoolForm>();
  const gateway = Form.useWatch('gateway', form);
  const { field } = useSchemaFields(rowInSection(dhcpSection, 'list', others), FIELDS, {
    values: () => poolOf(form.getFieldsValue(true) as Partial<PoolForm>),
  });
  const initialValues: Partial<PoolForm> = initial
    ? { ...initial, maximun_lease_time: leaseValueOf(initial.maximun_lease_time) }
    : { ...NEW_POOL, vid: vids[0] };
  // The browser reaches the device at this address (SPEC 4): changing it moves the console's own address.
  const gatewayChanged = initial !== null && gateway !== undefined && gateway !== initial.gateway;

  return (
    <RowFormModal<PoolForm>
      title={t(initial ? 'deviceSettings.dhcp.edit' : 'deviceSettings.dhcp.add')}
      form={form}
      initialValues={initialValues}
      data-testid="dhcp-pool"
      onSave={(values) => onSave(poolOf(values) as DhcpPool)}
      onCancel={onCancel}
    >
      {field(
        'vid',
        'deviceSettings.dhcp.vid',
        <Select
          data-testid="dhcp-vid"
          disabled={initial !== null}
          options={(initial ? [initial.vid] : vids).map((vid) => ({ value: vid, label: vidLabel(t, vid) }))}
        />,
      )}
      {field('description', 'deviceSettings.dhcp.description', <Input data-testid="dhcp-description" />)}
      {field('gateway', 'deviceSettings.dhcp.gateway', <Input data-testid="dhcp-gateway" />, {
        dependencies: ['address_range_1', 'address_range_2'],
        extra: <span data-testid="dhcp-gateway-hint">{t('deviceSettings.dhcp.gatewayHint')}</span>,
      })}
      {gatewayChanged && (
        <Alert
          type="warning"
          showIcon
          data-testid="dhcp-gateway-changed"
          title={t('deviceSettings.dhcp.gatewayChanged', { from: initial.gateway, to: gateway })}
          style={{ marginBottom: 16 }}
        />
      )}
      {field('netmask', 'deviceSettings.dhcp.netmask', <Input data-testid="dhcp-netmask" />)}
      {field('address_range_1', 'deviceSettings.dhcp.rangeStart', <Input data-testid="dhcp-range-start" />, {
        dependencies: ['gateway', 'netmask', 'address_range_2'],
      })}
      {field('address_range_2', 'deviceSettings.dhcp.rangeEnd', <Input data-testid="dhcp-range-end" />)}
      {field('dns', 'deviceSettings.dhcp.dns', <Input data-testid="dhcp-dns" />)}
      {field(
        'maximun_lease_time',
        'deviceSettings.dhcp.lease',
        <NumberUnitInput kind={TIME} aria-label={t('deviceSettings.dhcp.lease')} />,
      )}
    </RowFormModal>
  );
}
