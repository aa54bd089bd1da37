/** Settings > Network (SPEC 2): the console host's interfaces, a change awaiting confirmation, ports and HTTPS. */
import { Skeleton } from 'antd';
import { usePermission } from '../../account/permissions.ts';
import { useNetwork } from './api.ts';
import { InterfaceCard } from './InterfaceCard.tsx';
import { PendingChange } from './PendingChange.tsx';
import { PortsCard } from './PortsCard.tsx';
import './network.css';

export function NetworkPage() {
  const { data } = useNetwork();
  const { manage } = usePermission('Network');
  if (!data) return <Skeleton active />;
  return (
    <div className="network-page">
      {data.pending && <PendingChange pending={data.pending} manage={manage} />}
      <InterfaceCard state={data} manage={manage} />
      <PortsCard state={data} manage={manage} />
    </div>
  );
}
