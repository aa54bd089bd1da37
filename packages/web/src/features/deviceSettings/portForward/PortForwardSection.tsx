/**
 * Port forwarding (SPEC 2): connections arriving on an external interface and port are sent to an internal
 * IP and port. The forwards are added, edited and deleted here and sent together with one Apply
 * (portForward/setting takes the whole table).
 */
import { useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  portForwardDefaults,
  portForwardSection,
  type PortForward,
  type PortForwardSection as PortForwardDoc,
} from '@edge/protocol';
import { SectionFrame, type SectionContext } from '../SectionFrame.tsx';
import { VERTICAL, documentOf } from '../document.ts';
import { CheckedApply } from '../ruleTable/CheckedApply.tsx';
import { RuleTableEditor } from '../../../components/table/RuleTableEditor.tsx';
import { PortForwardForm } from './PortForwardForm.tsx';

const SECTION = 'portForward' as const;

export function PortForwardEditor({ deviceId, view, apply, busy }: SectionContext & { deviceId: string }) {
  const { t } = useTranslation();
  const [list, setList] = useState<PortForward[]>(documentOf<PortForwardDoc>(view, portForwardDefaults).list);
  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }} size="middle">
      <RuleTableEditor<PortForward>
        data-testid="port-forward"
        rows={list}
        onChange={setList}
        addLabel={t('deviceSettings.portForward.add')}
        deleteConfirm={(forward) =>
          t('deviceSettings.portForward.deleteConfirm', {
            iface: forward.externalIface,
            port: forward.externalPort,
          })
        }
        columns={[
          { title: t('deviceSettings.portForward.internalIp'), dataIndex: 'internalIp' },
          { title: t('deviceSettings.portForward.internalPort'), dataIndex: 'internalPort' },
          { title: t('deviceSettings.portForward.protocol'), dataIndex: 'protocol' },
          { title: t('deviceSettings.portForward.externalIface'), dataIndex: 'externalIface' },
          { title: t('deviceSettings.portForward.externalPort'), dataIndex: 'externalPort' },
          { title: t('deviceSettings.portForward.description'), dataIndex: 'description' },
        ]}
        renderForm={(props) => <PortForwardForm deviceId={deviceId} {...props} />}
      />
      <CheckedApply
        data-testid="port-forward"
        schema={portForwardSection}
        document={{ list } satisfies PortForwardDoc}
        path="portForward/setting"
        apply={apply}
        busy={busy}
      />
    </Space>
  );
}

export function PortForwardSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <PortForwardEditor key={context.view.desiredVersion} deviceId={deviceId} {...context} />}
    </SectionFrame>
  );
}
