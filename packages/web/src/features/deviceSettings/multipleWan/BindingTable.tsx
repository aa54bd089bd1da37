/**
 * WAN binding (SPEC 3, 7): per VLAN, which WANs its traffic may leave by: bound to one WAN (setBind),
 * failover from a primary to a secondary WAN (setFo), or multiple access by the policy and MA rules
 * (setMa, which is also what an unbound VLAN does).
 */
import { useState } from 'react';
import { Button, Form, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { wanBinding, wanBindingModes, type WanBinding } from '@edge/protocol';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import type { SectionContext } from '../SectionFrame.tsx';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { wanOptions } from './wanOptions.ts';

const FIELDS = ['vid', 'mode', 'primary', 'secondary'] as const;

/** The call that sets a binding of each mode, with only the fields that mode has. */
function bindingWrite(b: WanBinding): { path: string; body: object } {
  switch (b.mode) {
    case 'bind':
      return { path: 'wanBinding/setBind', body: { vid: b.vid, primary: b.primary } };
    case 'failover':
      return { path: 'wanBinding/setFo', body: { vid: b.vid, primary: b.primary, secondary: b.secondary } };
    default:
      return { path: 'wanBinding/setMa', body: { vid: b.vid } };
  }
}

function BindingModal({
  vids,
  initial,
  wans,
  apply,
  onClose,
}: {
  vids: readonly number[];
  initial: Partial<WanBinding>;
  wans: readonly string[];
  apply: SectionContext['apply'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WanBinding>();
  const mode = Form.useWatch('mode', form) ?? initial.mode;
  // Fields a mode hides still need a string for the schema's refinements to run.
  const { field } = useSchemaFields(wanBinding, FIELDS, {
    values: () => ({ primary: '', secondary: '', ...form.getFieldsValue(true) }),
  });
  const save = (values: WanBinding) => {
    const { path, body } = bindingWrite({ ...initial, ...values } as WanBinding);
    return apply(path, body);
  };
  return (
    <RowFormModal<WanBinding>
      title={
        initial.vid === undefined
          ? t('deviceSettings.multipleWan.binding.add')
          : t('deviceSettings.multipleWan.binding.editTitle', { vid: initial.vid })
      }
      form={form}
      initialValues={initial}
      onSave={async (values) => (await save(values)) && onClose()}
      onCancel={onClose}
      data-testid="wan-binding"
    >
      {field(
        'vid',
        'deviceSettings.multipleWan.binding.vid',
        <Select
          disabled={initial.vid !== undefined}
          data-testid="wan-binding-vid"
          options={vids.map((vid) => ({ value: vid, label: String(vid) }))}
        />,
      )}
      {field(
        'mode',
        'deviceSettings.multipleWan.binding.mode',
        <Select
          data-testid="wan-binding-mode"
          options={wanBindingModes.map((m) => ({
            value: m,
            label: t(`deviceSettings.multipleWan.binding.modes.${m}`),
          }))}
        />,
      )}
      {mode !== 'multiAccess' &&
        field('primary', 'deviceSettings.multipleWan.primary', <Select options={wanOptions(t, wans)} />)}
      {mode === 'failover' &&
        field('secondary', 'deviceSettings.multipleWan.secondary', <Select options={wanOptions(t, wans)} />, {
          dependencies: ['primary'],
        })}
    </RowFormModal>
  );
}

/** `vids`: the LAN and the VLANs a binding may be for (a device's, or those a profile may meet). */
export function BindingTable({
  vids,
  binding,
  wans,
  apply,
}: {
  vids: readonly number[];
  binding: WanBinding[];
  wans: readonly string[];
} & Pick<SectionContext, 'apply'>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Partial<WanBinding> | null>(null);
  return (
    <>
      <Table<WanBinding>
        size="small"
        rowKey="vid"
        pagination={false}
        dataSource={binding}
        data-testid="wan-binding-table"
        locale={{ emptyText: t('deviceSettings.multipleWan.binding.empty') }}
        title={() => (
          <Button data-testid="wan-binding-add" onClick={() => setEditing({ mode: 'bind' })}>
            {t('deviceSettings.multipleWan.binding.add')}
          </Button>
        )}
        columns={[
          { title: t('deviceSettings.multipleWan.binding.vid'), dataIndex: 'vid' },
          {
            title: t('deviceSettings.multipleWan.binding.mode'),
            render: (_, row) => t(`deviceSettings.multipleWan.binding.modes.${row.mode}`),
          },
          { title: t('deviceSettings.multipleWan.primary'), dataIndex: 'primary' },
          { title: t('deviceSettings.multipleWan.secondary'), dataIndex: 'secondary' },
          {
            title: t('deviceSettings.actions'),
            render: (_, row) => (
              <Button
                size="small"
                data-testid={`wan-binding-edit-${row.vid}`}
                onClick={() => setEditing(row)}
              >
                {t('deviceSettings.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <BindingModal
          vids={vids}
          initial={editing}
          wans={wans}
          apply={apply}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
