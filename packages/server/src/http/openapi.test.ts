/** The OpenAPI document is made of the endpoint declarations, failures included. */
import { describe, expect, it } from 'vitest';
import { allEndpoints, endpoints } from '@edge/protocol';
import { openApiDocument } from './openapi.ts';

type Operation = {
  operationId: string;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
  'x-permission': unknown;
};

const document = openApiDocument(allEndpoints);
const operation = (path: string, method: string) =>
  (document.paths as Record<string, Record<string, Operation>>)[path]![method]!;

describe('OpenAPI document', () => {
  it('has one operation per declared endpoint, and none for the probe or the socket', () => {
    const operations = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods as Record<string, Operation>).map((o) => o.operationId),
    );
    const shown = allEndpoints.filter((e) => !e.hidden && !e.websocket).map((e) => e.id);
    expect(operations.sort()).toEqual(shown.sort());
    expect(operations).not.toContain(endpoints.health.ready.id);
  });

  it('describes a request body, its answer and each failure in the API error shape', () => {
    const create = operation('/api/v1/settings/account/users', 'post');
    expect(create['x-permission']).toEqual({ kind: 'app', key: 'Account', manage: true });
    expect(Object.keys(create.requestBody!.content['application/json']!.schema.properties!)).toContain(
      'name',
    );
    expect(create.responses['200']!.content['application/json']!.schema).toMatchObject({ type: 'object' });
    for (const status of ['400', '401', '403', '503'])
      expect(create.responses[status]!.content['application/json']!.schema).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
    expect(document.components.schemas.ApiError).toMatchObject({
      properties: { err_message: { type: 'string' } },
      required: ['err_message'],
    });
  });

  it('turns query fields and path parameters into parameters, and a file answer into its type', () => {
    const list = operation('/api/v1/inventory/list', 'get');
    expect(list.parameters.map((p) => p.name)).toContain('sortBy');
    expect(list.parameters.every((p) => p.in === 'query')).toBe(true);
    const progress = operation('/api/v1/notifications/{id}', 'patch');
    expect(progress.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    expect(progress.responses['404']).toBeDefined();
    const csv = operation('/api/v1/provision/discovery/download', 'get');
    expect(Object.keys(csv.responses['200']!.content)).toEqual(['text/csv']);
    const login = operation('/api/v1/auth/login', 'post');
    expect(login.responses['401']).toBeDefined();
    expect(login.responses['403']).toBeDefined();
  });
});
