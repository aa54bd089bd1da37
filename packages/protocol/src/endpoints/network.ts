/** Settings > Network: the console host's interfaces (applied with confirm-or-rollback) and its HTTP/HTTPS ports. */
import { applyNetworkRequest, certificateUpload, networkPorts, networkState } from '../network.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const PATH = '/api/v1/settings/network';
const state = { 200: networkState };

export const networkEndpoints = featureEndpoints('network', {
  get: endpoint({ method: 'GET', path: PATH, permission: canView('Network'), response: state }),
  apply: endpoint({
    method: 'POST',
    path: `${PATH}/apply`,
    permission: canManage('Network'),
    activity: 'network.apply',
    body: applyNetworkRequest,
    response: state,
  }),
  confirm: endpoint({
    method: 'POST',
    path: `${PATH}/confirm`,
    permission: canManage('Network'),
    activity: 'network.confirm',
    response: state,
  }),
  rollback: endpoint({
    method: 'POST',
    path: `${PATH}/rollback`,
    permission: canManage('Network'),
    activity: 'network.rollback',
    response: state,
  }),
  ports: endpoint({
    method: 'PATCH',
    path: `${PATH}/ports`,
    permission: canManage('Network'),
    activity: 'network.ports',
    body: networkPorts,
    response: state,
  }),
  certificate: endpoint({
    method: 'POST',
    path: `${PATH}/certificate`,
    permission: canManage('Network'),
    activity: 'network.certificate',
    body: certificateUpload,
    response: state,
  }),
  generateCertificate: endpoint({
    method: 'POST',
    path: `${PATH}/certificate/generate`,
    permission: canManage('Network'),
    activity: 'network.certificate.generate',
    response: state,
  }),
});
