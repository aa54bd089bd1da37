/**
 * MA (multiple access) rules (SPEC 7 addMARule/delMARule): traffic to a destination, optionally of one
 * protocol and port, leaves by a chosen WAN. Added from a dialog; deleted after a confirmation.
 */
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { maProtocols, maRule, type MaRule } from '@edge/protocol';
import { reject } from '../../../components/formRules.ts';
import { schemaFieldRules } from '../../../components/schemaRules.ts';
import type { SectionContext } from '../SectionFrame.tsx';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { wanOptions } from './wanOptions.ts';

const ADD_PATH = 'wanBinding/addMARule';
const FIELDS = ['name', 'destination', 'protocol', 'port', 'wan'] as const;
const NEW_RULE: Partial<MaRule> = { destination: '', protocol: 'all', port: null };

function MaRuleModal({
  names,
  wans,
  apply,
  onClose,
}: {
  names: readonly string[];
  wans: readonly string[];
  apply: SectionContext['apply'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MaRule>();
  const protocol = Form.useWatch('protocol', form) ?? NEW_RULE.protocol;
  const values = () => {
    const v = { ...NEW_RULE, ...form.getFieldsValue(true) } as MaRule;
    // Any port is null; a port only means something for TCP or UDP.
    return { ...v, port: v.protocol === 'all' ? null : (v.port ?? null) };
  };
  const rules = schemaFieldRules(t, maRule, FIELDS, values);
  // Names are unique within the section (the section schema's ruleNameDuplicate), so say so here already.
  const uniqueName = {
    validator: (_: unknown, name: string | undefined) =>
      name && names.includes(name) ? reject(t, 'ruleNameDuplicate') : Promise.resolve(),
  };
  return (
    <RowFormModal<MaRule>
      title={t('deviceSettings.multipleWan.maRules.add')}
      form={form}
      initialValues={NEW_RULE}
      onSave={async () => (await apply('POST', ADD_PATH, values())) && onClose()}
      onCancel={onClose}
      data-testid="ma-rule"
    >
      <Form.Item
        name="name"
        label={t('deviceSettings.multipleWan.maRules.name')}
        rules={[...rules.name, uniqueName]}
      >
        <Input data-testid="ma-rule-name" />
      </Form.Item>
      <Form.Item
        name="destination"
        label={t('deviceSettings.multipleWan.maRules.destination')}
        rules={rules.destination}
      >
        <Input
          placeholder={t('deviceSettings.multipleWan.maRules.anywhere')}
          data-testid="ma-rule-destination"
        />
      </Form.Item>
      <Form.Item
        name="protocol"
        label={t('deviceSettings.multipleWan.maRules.protocol')}
        rules={rules.protocol}
      >
        <Select
          options={maProtocols.map((p) => ({
            value: p,
            label: t(`deviceSettings.multipleWan.maRules.protocols.${p}`),
          }))}
        />
      </Form.Item>
      {protocol !== 'all' && (
        <Form.Item name="port" label={t('deviceSettings.multipleWan.maRules.port')} rules={rules.port}>
          <InputNumber min={1} max={65535} placeholder={t('deviceSettings.multipleWan.maRules.anyPort')} />
        </Form.Item>
      )}
      <Form.Item name="wan" label={t('deviceSettings.multipleWan.maRules.wan')} rules={rules.wan}>
        <Select data-testid="ma-rule-wan" options={wanOptions(t, wans)} />
      </Form.Item>
    </RowFormModal>
  );
}

export function MaRuleTable({
  rules,
  wans,
  apply,
}: { rules: MaRule[]; wans: readonly string[] } & Pick<SectionContext, 'apply'>) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const remove = (rule: MaRule) =>
    void apply(
      'DELETE',
      'wanBinding/delMARule',
      { name: rule.name },
      t('deviceSettings.multipleWan.maRules.deleteConfirm', { name: rule.name }),
    );
  return (
    <>
      <Table<MaRule>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={rules}
        data-testid="ma-rule-table"
        title={() => (
          <Button data-testid="ma-rule-add" onClick={() => setAdding(true)}>
            {t('deviceSettings.multipleWan.maRules.add')}
          </Button>
        )}
        columns={[
          { title: t('deviceSettings.multipleWan.maRules.name'), dataIndex: 'name' },
          {
            title: t('deviceSettings.multipleWan.maRules.destination'),
            render: (_, row) => row.destination || t('deviceSettings.multipleWan.maRules.anywhere'),
          },
          {
            title: t('deviceSettings.multipleWan.maRules.protocol'),
            render: (_, row) => t(`deviceSettings.multipleWan.maRules.protocols.${row.protocol}`),
          },
          {
            title: t('deviceSettings.multipleWan.maRules.port'),
            render: (_, row) => row.port ?? t('deviceSettings.multipleWan.maRules.anyPort'),
          },
          { title: t('deviceSettings.multipleWan.maRules.wan'), dataIndex: 'wan' },
          {
            title: t('deviceSettings.actions'),
            render: (_, row) => (
              <Button
                size="small"
                danger
                data-testid={`ma-rule-delete-${row.name}`}
                onClick={() => remove(row)}
              >
                {t('deviceSettings.delete')}
              </Button>
            ),
          },
        ]}
      />
      {adding && (
        <MaRuleModal
          names={rules.map((r) => r.name)}
          wans={wans}
          apply={apply}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
