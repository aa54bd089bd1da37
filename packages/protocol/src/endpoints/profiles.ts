/**
 * Profile Management (Mission, SPEC 1-3, 6-8): policy profiles kept on the console, their dry run on a
 * group or devices, the rollout as a job, and what each device holds since. Reading needs the
 * ProfileManagement page; changing and rolling out need its management right.
 */
import { okResponse } from '../auth.ts';
import {
  PROFILES_API,
  assignmentListResponse,
  dryRunResponse,
  profileEditRequest,
  profileIdQuery,
  profileIdRequest,
  profileListQuery,
  profileListResponse,
  policyProfileRequest,
  profileSaved,
  profileTargets,
  profileView,
  rolloutRequest,
  rolloutResponse,
  wifiAuthenticationListResponse,
} from '../profiles/api.ts';
import { jobDetail, jobIdRequest } from '../jobs.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';
import { profileExportQuery, profileImportRequest, profileImportResponse } from '../profiles/document.ts';
import {
  PROFILE_TEMPLATES_API,
  profileTemplateCopyRequest,
  profileTemplateEditRequest,
  profileTemplateListResponse,
  profileTemplateNamesResponse,
  profileTemplateRequest,
  profileTemplateSaved,
} from '../profiles/templates.ts';
import { profileFleetChoices } from '../profiles/fleet.ts';

const view = { permission: canView('ProfileManagement') };
const manage = (action: string) => ({
  permission: canManage('ProfileManagement'),
  activity: `profile.${action}`,
});

export const profilesEndpoints = featureEndpoints('profiles', {
  list: endpoint({
    method: 'GET',
    path: `${PROFILES_API}/list`,
    ...view,
    query: profileListQuery,
    response: { 200: profileListResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: `${PROFILES_API}/get`,
    ...view,
    query: profileIdQuery,
    response: { 200: profileView },
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: `${PROFILES_API}/create`,
    ...manage('create'),
    body: policyProfileRequest,
    response: { 200: profileSaved },
    errors: [409],
  }),
  edit: endpoint({
    method: 'PATCH',
    path: `${PROFILES_API}/edit`,
    ...manage('edit'),
    body: profileEditRequest,
    response: { 200: profileSaved },
    errors: [404, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${PROFILES_API}/delete`,
    ...manage('delete'),
    body: profileIdRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
  // A dry run changes nothing: read_api tokens may call it.
  dryRun: endpoint({
    method: 'POST',
    path: `${PROFILES_API}/dryRun`,
    ...view,
    readsOnly: true,
    body: profileTargets,
    response: { 200: dryRunResponse },
    errors: [404],
  }),
  rollout: endpoint({
    method: 'POST',
    path: `${PROFILES_API}/rollout`,
    ...manage('rollout'),
    body: rolloutRequest,
    response: { 200: rolloutResponse },
    errors: [404],
  }),
  // A rollout is a job of the rollout kind: its ProfileManagement managers may abort it (pending steps are
  // cancelled, running ones finish), pause and resume it, which the jobs API would ask of Inventory managers.
  abort: endpoint({
    method: 'POST',
    path: `${PROFILES_API}/abort`,
    ...manage('abort'),
    body: jobIdRequest,
    response: { 200: jobDetail },
    errors: [404],
  }),
  pause: endpoint({
    method: 'POST',
    path: `${PROFILES_API}/pause`,
    ...manage('pause'),
    body: jobIdRequest,
    response: { 200: jobDetail },
    errors: [404],
  }),
  resume: endpoint({
    method: 'POST',
    path: `${PROFILES_API}/resume`,
    ...manage('resume'),
    body: jobIdRequest,
    response: { 200: jobDetail },
    errors: [404],
  }),
  assignments: endpoint({
    method: 'GET',
    path: `${PROFILES_API}/assignments`,
    ...view,
    query: profileIdQuery,
    response: { 200: assignmentListResponse },
    errors: [404],
  }),
  // Config as code: the export is a file (YAML or JSON); an import previews unless told to apply.
  exportDocument: endpoint({
    method: 'GET',
    path: `${PROFILES_API}/export`,
    ...view,
    query: profileExportQuery,
    response: { 200: fileAnswer },
    raw: 'file',
  }),
  importDocument: endpoint({
    method: 'POST',
    path: `${PROFILES_API}/import`,
    ...manage('import'),
    body: profileImportRequest,
    response: { 200: profileImportResponse },
  }),
  // Profile templates: what a device gets when it is adopted with one (Adopt dialog, CSV profile column).
  templateList: endpoint({
    method: 'GET',
    path: `${PROFILE_TEMPLATES_API}/list`,
    ...view,
    response: { 200: profileTemplateListResponse },
  }),
  // Provision chooses a template by name at adoption: its viewers may read the names.
  templateNames: endpoint({
    method: 'GET',
    path: `${PROFILE_TEMPLATES_API}/names`,
    permission: canView('Provision'),
    response: { 200: profileTemplateNamesResponse },
  }),
  templateCreate: endpoint({
    method: 'POST',
    path: `${PROFILE_TEMPLATES_API}/create`,
    ...manage('templateCreate'),
    body: profileTemplateRequest,
    response: { 200: profileTemplateSaved },
    errors: [409],
  }),
  templateEdit: endpoint({
    method: 'PATCH',
    path: `${PROFILE_TEMPLATES_API}/edit`,
    ...manage('templateEdit'),
    body: profileTemplateEditRequest,
    response: { 200: profileTemplateSaved },
    errors: [404, 409],
  }),
  templateCopy: endpoint({
    method: 'POST',
    path: `${PROFILE_TEMPLATES_API}/copy`,
    ...manage('templateCopy'),
    body: profileTemplateCopyRequest,
    response: { 200: profileTemplateSaved },
    errors: [404, 409],
  }),
  templateRemove: endpoint({
    method: 'DELETE',
    path: `${PROFILE_TEMPLATES_API}/delete`,
    ...manage('templateDelete'),
    body: profileIdRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
  // The choices the editors offer (interfaces, LAN ports, VLANs), read from what the fleet reports.
  fleetChoices: endpoint({
    method: 'GET',
    path: `${PROFILES_API}/fleet/choices`,
    ...view,
    response: { 200: profileFleetChoices },
  }),
  wifiAuthentication: endpoint({
    method: 'GET',
    path: `${PROFILES_API}/wifi/authentication/list`,
    ...view,
    query: profileIdQuery,
    response: { 200: wifiAuthenticationListResponse },
    errors: [404],
  }),
});
