/** Provision: Discovery, adoption, the provisioning CSV and list. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PROVISION_MAX_BYTES,
  adoptRequest,
  adoptResponse,
  adoptedConflictListResponse,
  canManage,
  canView,
  conflictDismissRequest,
  discoveryListQuery,
  discoveryListResponse,
  discoveryRemoveRequest,
  discoveryRemoveResponse,
  enrolSecretResponse,
  messageResponse,
  messages,
  provisionDeleteRequest,
  provisionListResponse,
  provisionUploadResponse,
  rediscoverResponse,
} from '@edge/protocol';
import { readUpload } from '../uploads/http.ts';
import type { ProvisionService } from './service.ts';

const BASE = '/api/v1/provision';
const tags = ['provision'];
const view = { permission: canView('Provision') };
const manage = (action: string) => ({ permission: canManage('Provision'), activity: `provision.${action}` });

export function provisionRoutes(provision: ProvisionService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${BASE}/discovery/list`,
      {
        config: view,
        schema: { tags, querystring: discoveryListQuery, response: { 200: discoveryListResponse } },
      },
      async (request) => provision.discovery(request.query.search),
    );
    r.post(
      `${BASE}/discovery/adopt`,
      { config: manage('adopt'), schema: { tags, body: adoptRequest, response: { 200: adoptResponse } } },
      async (request) => provision.adopt(request.body),
    );
    r.post(
      `${BASE}/discovery/remove`,
      {
        config: manage('discoveryRemove'),
        schema: { tags, body: discoveryRemoveRequest, response: { 200: discoveryRemoveResponse } },
      },
      async (request) => provision.removeDiscovery(request.body),
    );
    r.get(
      `${BASE}/conflicts`,
      { config: view, schema: { tags, response: { 200: adoptedConflictListResponse } } },
      async () => provision.conflicts(),
    );
    r.post(
      `${BASE}/conflicts/dismiss`,
      {
        config: manage('conflictDismiss'),
        schema: { tags, body: conflictDismissRequest, response: { 200: messageResponse } },
      },
      async (request) => provision.dismissConflict(request.body),
    );
    // The secret lets any agent enrol: shown to those who may manage Provision, not to viewers.
    r.get(
      `${BASE}/enrolment-secret`,
      {
        config: { permission: canManage('Provision') },
        schema: { tags, response: { 200: enrolSecretResponse } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return provision.enrolSecret();
      },
    );
    r.post(
      `${BASE}/enrolment-secret/rotate`,
      { config: manage('enrolSecretRotate'), schema: { tags, response: { 200: enrolSecretResponse } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return provision.rotateEnrolSecret();
      },
    );
    r.get(`${BASE}/discovery/download`, { config: view, schema: { tags } }, async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="discovery-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(await provision.discoveryCsv());
    });
    r.post(
      `${BASE}/upload`,
      { config: manage('upload'), schema: { tags, response: { 200: provisionUploadResponse } } },
      async (request) => provision.upload(await readUpload(request, PROVISION_MAX_BYTES)),
    );
    r.get(
      `${BASE}/list`,
      { config: view, schema: { tags, response: { 200: provisionListResponse } } },
      async () => provision.list(),
    );
    r.delete(
      `${BASE}/delete`,
      {
        config: manage('delete'),
        schema: { tags, body: provisionDeleteRequest, response: { 200: messageResponse } },
      },
      async (request) => {
        await provision.remove(request.body.serial);
        return { message: messages.provisionDeleted };
      },
    );
    r.post(
      `${BASE}/rediscover`,
      { config: manage('rediscover'), schema: { tags, response: { 200: rediscoverResponse } } },
      async () => provision.rediscover(),
    );
  };
}
