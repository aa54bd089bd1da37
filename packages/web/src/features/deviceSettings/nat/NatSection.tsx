/**
 * NAT (SPEC 2 "NAT rule table"): the device's NAT rules, added, edited and deleted here and sent together
 * with one Apply (nat/setting takes the whole table).
 */
import { useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { natDefaults, natSection, type NatRule, type NatSection as NatDoc } from '@edge/protocol';
import { SectionFrame, type SectionContext } from '../SectionFrame.tsx';
import { VERTICAL, documentOf } from '../document.ts';
import { CheckedApply } from '../ruleTable/CheckedApply.tsx';
import { RuleTableEditor } from '../../../components/table/RuleTableEditor.tsx';
import { NatRuleForm } from './NatRuleForm.tsx';

const SECTION = 'nat' as const;

export function NatEditor({ deviceId, view, apply, busy }: SectionContext & { deviceId: string }) {
  const { t } = useTranslation();
  const [list, setList] = useState<NatRule[]>(documentOf<NatDoc>(view, natDefaults).list);
  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }} size="middle">
      <RuleTableEditor<NatRule>
        data-testid="nat-rule"
        rows={list}
        onChange={setList}
        addLabel={t('deviceSettings.nat.add')}
        deleteConfirm={(rule) => t('deviceSettings.nat.deleteConfirm', { subnet: rule.subnet })}
        columns={[
          { title: t('deviceSettings.nat.subnet'), dataIndex: 'subnet' },
          { title: t('deviceSettings.nat.description'), dataIndex: 'description' },
          { title: t('deviceSettings.nat.iface'), dataIndex: 'iface' },
          { title: t('deviceSettings.nat.ipVersion'), dataIndex: 'ipVersion' },
          { title: t('deviceSettings.nat.table'), dataIndex: 'table' },
          { title: t('deviceSettings.nat.chain'), dataIndex: 'chain' },
          { title: t('deviceSettings.nat.priority'), dataIndex: 'priority' },
          {
            title: t('deviceSettings.nat.action'),
            render: (_, rule) =>
              rule.action === 'SNAT'
                ? t('deviceSettings.nat.snatTo', { ip: rule.snatIp })
                : t(`deviceSettings.nat.actions.${rule.action}`),
          },
        ]}
        renderForm={(props) => <NatRuleForm deviceId={deviceId} {...props} />}
      />
      <CheckedApply
        data-testid="nat"
        schema={natSection}
        document={{ list } satisfies NatDoc}
        path="nat/setting"
        apply={apply}
        busy={busy}
      />
    </Space>
  );
}

export function NatSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <NatEditor key={context.view.desiredVersion} deviceId={deviceId} {...context} />}
    </SectionFrame>
  );
}
