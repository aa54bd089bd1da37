/**
 * Registers a route from its endpoint declaration (packages/protocol/src/endpoints): method, path, the
 * request schemas Fastify validates, the 200 schema it serialises, the permission the guard checks and
 * the activity name come from the declaration; a route file supplies only the handler. A declared change
 * (an activity name, not a read) runs so that what it stores carries its activity row in the same transaction.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { BodyOf, Endpoint, EndpointSpec, ParamsOf, QueryOf, ReplyOf } from '@edge/protocol';
import { recordingChange } from '../activity/recorder.ts';

/** The request a handler sees: body, query and params typed (and already validated) by the declaration. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Body: BodyOf<E>;
  Querystring: QueryOf<E>;
  Params: ParamsOf<E>;
}>;

type Maybe<T> = T | Promise<T>;

/** Answers the declared 200 body, or sends its own answer (a file, another status) through `reply`. */
export type EndpointHandler<E extends EndpointSpec> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Maybe<ReplyOf<E> | FastifyReply>;

/** What Fastify needs of a declaration besides the handler; also used by the WebSocket route. */
export function routeOptionsOf(endpoint: Endpoint): Omit<RouteOptions, 'handler'> {
  const schema: NonNullable<RouteOptions['schema']> = { tags: [endpoint.feature] };
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.params) schema.params = endpoint.params;
  // Files and upgrades are not serialised through a schema; JSON answers are, as before.
  if (!endpoint.raw && !endpoint.websocket) schema.response = { 200: endpoint.response[200] };
  if (endpoint.summary) schema.summary = endpoint.summary;
  if (endpoint.hidden) schema.hide = true;
  return {
    method: endpoint.alsoMethods ? [endpoint.method, ...endpoint.alsoMethods] : endpoint.method,
    url: endpoint.path,
    schema,
    config: {
      endpoint: endpoint.id,
      permission: endpoint.permission,
      ...(endpoint.activity && { activity: endpoint.activity }),
      ...(endpoint.readsOnly && { readsOnly: true }),
      ...(endpoint.logsEveryRefusal && { logsEveryRefusal: true }),
    },
  };
}

/** Route options that are how a route is served, not what it is (hooks of its own, a body limit). */
export type ServeOptions = Pick<RouteOptions, 'onRequest' | 'preValidation' | 'bodyLimit'>;

export function serve<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: ServeOptions = {},
): void {
  const changes = Boolean(endpoint.activity) && endpoint.method !== 'GET' && !endpoint.readsOnly;
  const handle = handler as unknown as RouteOptions['handler'];
  app.route({
    ...routeOptionsOf(endpoint),
    ...options,
    handler: changes
      ? function (request, reply) {
          return recordingChange(request, () => handle.call(this, request, reply));
        }
      : handle,
  });
}
