/** Port Type (SPEC 2): each Ethernet port as WAN or LAN, or all of them at once (with a confirmation). */
import { useState } from 'react';
import { Button, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  portTypeDefaults,
  portTypes,
  type PortTypeSection as PortTypeDoc,
  type PortTypeWord,
} from '@edge/protocol';
import { useConfirm } from '../../components/useConfirm.tsx';
import { SectionFrame, type SectionContext } from './SectionFrame.tsx';
import { VERTICAL, documentOf } from './document.ts';

const SECTION = 'portType' as const;
const WRITE_PATH = 'portType/setting';

type Port = PortTypeDoc['ports'][number];

function PortTypeEditor({ view, apply, busy }: SectionContext) {
  const { t } = useTranslation();
  const { confirm } = useConfirm();
  const [ports, setPorts] = useState<Port[]>(documentOf<PortTypeDoc>(view, portTypeDefaults).ports);

  const setAll = async (type: PortTypeWord) => {
    if (await confirm({ message: t('deviceSettings.portType.allConfirm', { type }) }))
      setPorts((rows) => rows.map((r) => ({ ...r, type })));
  };

  const submit = () => void apply(WRITE_PATH, { ports });

  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }}>
      <Space wrap>
        <Button data-testid="port-all-wan" onClick={() => void setAll('WAN')}>
          {t('deviceSettings.portType.allWan')}
        </Button>
        <Button data-testid="port-all-lan" onClick={() => void setAll('LAN')}>
          {t('deviceSettings.portType.allLan')}
        </Button>
      </Space>
      <Table<Port>
        size="small"
        rowKey="port"
        pagination={false}
        dataSource={ports}
        columns={[
          {
            title: t('deviceSettings.portType.port'),
            dataIndex: 'port',
            render: (port: string) => <span id={`port-type-name-${port}`}>{port}</span>,
          },
          {
            title: <span id="port-type-column">{t('deviceSettings.portType.type')}</span>,
            render: (_, row) => (
              // Named "<Type> <port>" by the column's title and the row's port, as a reader sees the grid.
              <Select<PortTypeWord>
                aria-labelledby={`port-type-column port-type-name-${row.port}`}
                style={{ minWidth: 100 }}
                value={row.type}
                options={portTypes.map((p) => ({ value: p, label: p }))}
                onChange={(type) =>
                  setPorts((rows) => rows.map((r) => (r.port === row.port ? { ...r, type } : r)))
                }
              />
            ),
          },
        ]}
      />
      <Button type="primary" loading={busy} data-testid="port-apply" onClick={submit}>
        {t('deviceSettings.apply.button')}
      </Button>
    </Space>
  );
}

export function PortTypeSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <PortTypeEditor key={context.view.desiredVersion} {...context} />}
    </SectionFrame>
  );
}
