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
import { schemaFieldRules } from '../../../components/schemaRules.ts';
import { NumberUnitInput, type UnitKind } from '../../../components/NumberUnitInput.tsx';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { rowInSection, withEmptyText } from '../../../components/form/rowSchema.ts';
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
  const rules = schemaFieldRules(t, rowInSection(dhcpSection, 'list', others), FIELDS, () =>
    poolOf(form.getFieldsValue(true) as Partial<PoolForm>),
  );
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
      <Form.Item name="vid" label={t('deviceSettings.dhcp.vid')} rules={rules.vid}>
        <Select
          data-testid="dhcp-vid"
          disabled={initial !== null}
          options={(initial ? [initial.vid] : vids).map((vid) => ({ value: vid, label: vidLabel(t, vid) }))}
        />
      </Form.Item>
      <Form.Item name="description" label={t('deviceSettings.dhcp.description')} rules={rules.description}>
        <Input data-testid="dhcp-description" />
      </Form.Item>
      <Form.Item
        name="gateway"
        label={t('deviceSettings.dhcp.gateway')}
        rules={rules.gateway}
        dependencies={['address_range_1', 'address_range_2']}
        extra={<span data-testid="dhcp-gateway-hint">{t('deviceSettings.dhcp.gatewayHint')}</span>}
      >
        <Input data-testid="dhcp-gateway" />
      </Form.Item>
      {gatewayChanged && (
        <Alert
          type="warning"
          showIcon
          data-testid="dhcp-gateway-changed"
          title={t('deviceSettings.dhcp.gatewayChanged', { from: initial.gateway, to: gateway })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item name="netmask" label={t('deviceSettings.dhcp.netmask')} rules={rules.netmask}>
        <Input data-testid="dhcp-netmask" />
      </Form.Item>
      <Form.Item
        name="address_range_1"
        label={t('deviceSettings.dhcp.rangeStart')}
        rules={rules.address_range_1}
        dependencies={['gateway', 'netmask', 'address_range_2']}
      >
        <Input data-testid="dhcp-range-start" />
      </Form.Item>
      <Form.Item
        name="address_range_2"
        label={t('deviceSettings.dhcp.rangeEnd')}
        rules={rules.address_range_2}
      >
        <Input data-testid="dhcp-range-end" />
      </Form.Item>
      <Form.Item name="dns" label={t('deviceSettings.dhcp.dns')} rules={rules.dns}>
        <Input data-testid="dhcp-dns" />
      </Form.Item>
      <Form.Item
        name="maximun_lease_time"
        label={t('deviceSettings.dhcp.lease')}
        rules={rules.maximun_lease_time}
      >
        <NumberUnitInput kind={TIME} aria-label={t('deviceSettings.dhcp.lease')} />
      </Form.Item>
    </RowFormModal>
  );
}
