/**
 * MA (multiple access) rules (SPEC 7 addMARule/delMARule): traffic to a destination, optionally of one
 * protocol and port, leaves by a chosen WAN. Added from a dialog; deleted after a confirmation.
 */
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  maProtocols,
  multipleWanSection,
  type MaRule,
  type MultipleWanSection as MultipleWanDoc,
} from '@edge/protocol';
import type { SectionContext } from '../SectionFrame.tsx';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { rowInSection, withEmptyText } from '../../../components/form/rowSchema.ts';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { wanOptions } from './wanOptions.ts';

const ADD_PATH = 'wanBinding/addMARule';
const FIELDS = ['name', 'destination', 'protocol', 'port', 'wan'] as const;
const TEXT_FIELDS = ['name', 'destination', 'wan'] as const;
const NEW_RULE: Partial<MaRule> = { destination: '', protocol: 'all', port: null };

function MaRuleModal({
  doc,
  wans,
  apply,
  onClose,
}: {
  /** The section the new rule joins: its rules (a name used twice) are checked with the section's schema. */
  doc: MultipleWanDoc;
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
    // Untouched text fields as '', so they answer with their own "cannot be empty" words.
    return withEmptyText({ ...v, port: v.protocol === 'all' ? null : (v.port ?? null) }, TEXT_FIELDS);
  };
  const { maRules, ...rest } = doc;
  const { field } = useSchemaFields(rowInSection(multipleWanSection, 'maRules', maRules, rest), FIELDS, {
    values,
  });
  return (
    <RowFormModal<MaRule>
      title={t('deviceSettings.multipleWan.maRules.add')}
      form={form}
      initialValues={NEW_RULE}
      onSave={async () => (await apply(ADD_PATH, values())) && onClose()}
      onCancel={onClose}
      data-testid="ma-rule"
    >
      {field('name', 'deviceSettings.multipleWan.maRules.name', <Input data-testid="ma-rule-name" />)}
      {field(
        'destination',
        'deviceSettings.multipleWan.maRules.destination',
        <Input
          placeholder={t('deviceSettings.multipleWan.maRules.anywhere')}
          data-testid="ma-rule-destination"
        />,
      )}
      {field(
        'protocol',
        'deviceSettings.multipleWan.maRules.protocol',
        <Select
          options={maProtocols.map((p) => ({
            value: p,
            label: t(`deviceSettings.multipleWan.maRules.protocols.${p}`),
          }))}
        />,
      )}
      {protocol !== 'all' &&
        field(
          'port',
          'deviceSettings.multipleWan.maRules.port',
          <InputNumber placeholder={t('deviceSettings.multipleWan.maRules.anyPort')} />,
          { dependencies: ['protocol'] },
        )}
      {field(
        'wan',
        'deviceSettings.multipleWan.maRules.wan',
        <Select data-testid="ma-rule-wan" options={wanOptions(t, wans)} />,
      )}
    </RowFormModal>
  );
}

export function MaRuleTable({
  doc,
  wans,
  apply,
}: { doc: MultipleWanDoc; wans: readonly string[] } & Pick<SectionContext, 'apply'>) {
  const { t } = useTranslation();
  const rules = doc.maRules;
  const [adding, setAdding] = useState(false);
  const remove = (rule: MaRule) =>
    void apply(
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
      {adding && <MaRuleModal doc={doc} wans={wans} apply={apply} onClose={() => setAdding(false)} />}
    </>
  );
}
