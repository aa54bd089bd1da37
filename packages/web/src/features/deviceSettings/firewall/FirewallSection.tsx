/**
 * Firewall (SPEC 2, 4): on or off, the whitelist of source IPs always let in, and the port rules (SSH among
 * them) that accept or drop traffic reaching the device from its WAN side. All three are edited here and
 * sent together with one Apply (firewall/setting takes the whole document).
 */
import { useState } from 'react';
import { Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  firewallDefaults,
  firewallSection,
  type FirewallRule,
  type FirewallSection as FirewallDoc,
  type WhitelistEntry,
} from '@edge/protocol';
import { SectionFrame, type SectionContext } from '../SectionFrame.tsx';
import { VERTICAL, documentOf } from '../document.ts';
import { CheckedApply } from '../ruleTable/CheckedApply.tsx';
import { RuleTableEditor } from '../../../components/table/RuleTableEditor.tsx';
import { FirewallRuleForm } from './FirewallRuleForm.tsx';
import { WhitelistForm } from './WhitelistForm.tsx';

const SECTION = 'firewall' as const;

export function FirewallEditor({ view, apply, busy }: SectionContext) {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<FirewallDoc>(documentOf<FirewallDoc>(view, firewallDefaults));
  const change = (part: Partial<FirewallDoc>) => setDoc((old) => ({ ...old, ...part }));
  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }} size="middle">
      <Space>
        <Typography.Text>{t('deviceSettings.firewall.enabled')}</Typography.Text>
        <Switch
          data-testid="firewall-enabled"
          checked={doc.enabled}
          checkedChildren={t('deviceSettings.on')}
          unCheckedChildren={t('deviceSettings.off')}
          onChange={(enabled) => change({ enabled })}
        />
      </Space>
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.firewall.whitelist')}
      </Typography.Title>
      <RuleTableEditor<WhitelistEntry>
        data-testid="firewall-whitelist"
        rows={doc.whitelist}
        onChange={(whitelist) => change({ whitelist })}
        addLabel={t('deviceSettings.firewall.whitelistAdd')}
        deleteConfirm={(entry) => t('deviceSettings.firewall.whitelistDeleteConfirm', { ip: entry.ip })}
        columns={[
          { title: t('deviceSettings.firewall.ip'), dataIndex: 'ip' },
          {
            title: t('deviceSettings.firewall.port'),
            render: (_, entry) => entry.port ?? t('deviceSettings.firewall.anyPort'),
          },
          { title: t('deviceSettings.firewall.description'), dataIndex: 'description' },
        ]}
        renderForm={(props) => <WhitelistForm doc={doc} {...props} />}
      />
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.firewall.rules')}
      </Typography.Title>
      <RuleTableEditor<FirewallRule>
        data-testid="firewall-rule"
        rows={doc.rules}
        onChange={(rules) => change({ rules })}
        addLabel={t('deviceSettings.firewall.ruleAdd')}
        deleteConfirm={(rule) =>
          t('deviceSettings.firewall.ruleDeleteConfirm', { port: rule.port, protocol: rule.protocol })
        }
        columns={[
          { title: t('deviceSettings.firewall.port'), dataIndex: 'port' },
          { title: t('deviceSettings.firewall.protocol'), dataIndex: 'protocol' },
          {
            title: t('deviceSettings.firewall.action'),
            render: (_, rule) => t(`deviceSettings.firewall.actions.${rule.action}`),
          },
          { title: t('deviceSettings.firewall.description'), dataIndex: 'description' },
        ]}
        renderForm={(props) => <FirewallRuleForm doc={doc} {...props} />}
      />
      <CheckedApply
        data-testid="firewall"
        schema={firewallSection}
        document={doc}
        path="firewall/setting"
        apply={apply}
        busy={busy}
      />
    </Space>
  );
}

export function FirewallSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <FirewallEditor key={context.view.desiredVersion} {...context} />}
    </SectionFrame>
  );
}
