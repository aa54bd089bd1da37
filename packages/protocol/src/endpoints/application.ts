/**
 * Application (issue 20): templates, registries, deploys (jobs), the installed list and its actions, the
 * container licence. Reading needs Application view; every change Application manage.
 */
import { z } from 'zod';
import {
  APPLICATION_API,
  containerActionRequest,
  containerActionResponse,
  containerLicenceView,
  containerLogsQuery,
  containerLogsResponse,
  deployRequest,
  appDeviceQuery,
  fleetInstalledQuery,
  fleetInstalledResponse,
  appIdQuery,
  appIdRequest,
  installedResponse,
  appMessage,
  registryInput,
  registryView,
  templateImportRequest,
  templateImportResponse,
  templateInput,
  templateListQuery,
  templateView,
} from '../application.ts';
import { jobDetail } from '../jobs.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const view = { permission: canView('Application') };
const manage = (action: string) => ({
  permission: canManage('Application'),
  activity: `application.${action}`,
});

export const applicationEndpoints = featureEndpoints('application', {
  templates: endpoint({
    method: 'GET',
    path: `${APPLICATION_API}/templates`,
    ...view,
    query: templateListQuery,
    response: { 200: z.object({ list: z.array(templateView) }) },
  }),
  templateCreate: endpoint({
    method: 'POST',
    path: `${APPLICATION_API}/templates`,
    ...manage('template.create'),
    body: templateInput,
    response: { 200: templateView },
    errors: [409],
  }),
  templateEdit: endpoint({
    method: 'PATCH',
    path: `${APPLICATION_API}/templates`,
    ...manage('template.edit'),
    query: appIdQuery,
    body: templateInput,
    response: { 200: templateView },
    errors: [404, 409],
  }),
  templateDelete: endpoint({
    method: 'DELETE',
    path: `${APPLICATION_API}/templates`,
    ...manage('template.delete'),
    query: appIdQuery,
    response: { 200: appMessage },
    errors: [404],
  }),
  templateImport: endpoint({
    method: 'POST',
    path: `${APPLICATION_API}/templates/import`,
    ...manage('template.import'),
    body: templateImportRequest,
    response: { 200: templateImportResponse },
  }),
  registries: endpoint({
    method: 'GET',
    path: `${APPLICATION_API}/registries`,
    ...view,
    response: { 200: z.object({ list: z.array(registryView) }) },
  }),
  registryCreate: endpoint({
    method: 'POST',
    path: `${APPLICATION_API}/registries`,
    ...manage('registry.create'),
    body: registryInput,
    response: { 200: registryView },
    errors: [409],
  }),
  registryEdit: endpoint({
    method: 'PATCH',
    path: `${APPLICATION_API}/registries`,
    ...manage('registry.edit'),
    query: appIdQuery,
    body: registryInput,
    response: { 200: registryView },
    errors: [404, 409],
  }),
  registryDelete: endpoint({
    method: 'DELETE',
    path: `${APPLICATION_API}/registries`,
    ...manage('registry.delete'),
    query: appIdQuery,
    response: { 200: appMessage },
    errors: [404, 409],
  }),
  registryTest: endpoint({
    method: 'POST',
    path: `${APPLICATION_API}/registries/test`,
    ...manage('registry.test'),
    body: appIdRequest,
    response: { 200: appMessage },
    errors: [404],
  }),
  deploy: endpoint({
    method: 'POST',
    path: `${APPLICATION_API}/deploy`,
    ...manage('deploy'),
    body: deployRequest,
    response: { 200: jobDetail },
    errors: [404],
  }),
  installed: endpoint({
    method: 'GET',
    path: `${APPLICATION_API}/installed`,
    ...view,
    query: appDeviceQuery,
    response: { 200: installedResponse },
    errors: [404, 502, 504],
  }),
  fleetInstalled: endpoint({
    method: 'GET',
    path: `${APPLICATION_API}/installed/fleet`,
    ...view,
    query: fleetInstalledQuery,
    response: { 200: fleetInstalledResponse },
  }),
  action: endpoint({
    method: 'POST',
    path: `${APPLICATION_API}/action`,
    ...manage('action'),
    body: containerActionRequest,
    response: { 200: containerActionResponse },
    errors: [404, 502, 504],
  }),
  logs: endpoint({
    method: 'GET',
    path: `${APPLICATION_API}/logs`,
    ...view,
    query: containerLogsQuery,
    response: { 200: containerLogsResponse },
    errors: [404, 502, 504],
  }),
  licence: endpoint({
    method: 'GET',
    path: `${APPLICATION_API}/licence`,
    ...view,
    response: { 200: containerLicenceView },
  }),
});
