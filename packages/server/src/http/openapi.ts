/**
 * The OpenAPI 3 document, generated from the endpoint declarations (not from whatever routes happen to
 * be registered): each endpoint's parameters, body, answers per status (its failures too, all in the
 * `{err_message, err_code}` shape), the permission it needs and the name its changes are logged under.
 */
import { z } from 'zod';
import { errorResponse, fieldsOf, type Endpoint, type RoutePermission } from '@edge/protocol';

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

const FILE_TYPES = { image: 'image/*', csv: 'text/csv', file: 'application/octet-stream' } as const;

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is not valid (the SPEC rule it breaks is named)',
  401: 'Not signed in, or the credentials are wrong',
  403: "Refused: the caller's role, token scope or address may not do this",
  404: 'What the request names does not exist',
  409: 'Conflicts with the current state',
  413: 'The file is too large',
  429: 'Too many requests; wait and try again',
  502: 'An outside service failed',
  503: 'The console is stopping, or cannot reach what it needs',
  504: 'The device did not answer in time',
};

export function describePermission(permission: RoutePermission): string {
  if (permission.kind === 'public') return 'public';
  if (permission.kind === 'user') return 'any signed-in user';
  return `${permission.key}: ${permission.manage ? 'manage' : 'view'}`;
}

/** Query or path parameters from an object schema. */
function parametersOf(schema: z.ZodType | undefined, place: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const document = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return fieldsOf(schema).map((name) => ({
    name,
    in: place,
    required: place === 'path' || (document.required ?? []).includes(name),
    schema: document.properties?.[name] ?? {},
  }));
}

function requestBodyOf(endpoint: Endpoint): JsonSchema | undefined {
  if (endpoint.upload) {
    const file = { type: 'object', properties: { file: { type: 'string', format: 'binary' } } };
    return { required: true, content: { 'multipart/form-data': { schema: file } } };
  }
  if (!endpoint.body) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } };
}

function responsesOf(endpoint: Endpoint): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(endpoint.response) as [string, z.ZodType][]) {
    const content =
      status === '200' && endpoint.raw
        ? { [FILE_TYPES[endpoint.raw]]: { schema: { type: 'string', format: 'binary' } } }
        : { 'application/json': { schema: jsonSchema(schema, 'output') } };
    responses[status] = { description: status === '200' ? 'Done' : 'Answered', content };
  }
  for (const status of endpoint.errorStatuses) {
    responses[String(status)] ??= {
      description: STATUS_TEXT[status] ?? 'Failed',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
  }
  return responses;
}

function operationOf(endpoint: Endpoint): JsonSchema {
  const permission = describePermission(endpoint.permission);
  return {
    operationId: endpoint.id,
    tags: [endpoint.feature],
    summary: endpoint.summary ?? endpoint.name,
    description: `Permission: ${permission}.${endpoint.activity ? ` Logged as \`${endpoint.activity}\`.` : ''}`,
    parameters: [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')],
    requestBody: requestBodyOf(endpoint),
    responses: responsesOf(endpoint),
    security: endpoint.permission.kind === 'public' ? [] : [{ session: [] }, { token: [] }],
    'x-permission': endpoint.permission,
    ...(endpoint.activity && { 'x-activity': endpoint.activity }),
  };
}

/** `/api/v1/notifications/:id` -> `/api/v1/notifications/{id}` */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

export function openApiDocument(declared: readonly Endpoint[]) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of declared) {
    if (endpoint.hidden || endpoint.websocket) continue;
    const path = (paths[openApiPath(endpoint.path)] ??= {});
    path[endpoint.method.toLowerCase()] = operationOf(endpoint);
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Edge Console API', version: '1' },
    paths,
    components: {
      schemas: { ApiError: jsonSchema(errorResponse, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'edge_session' },
        token: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
