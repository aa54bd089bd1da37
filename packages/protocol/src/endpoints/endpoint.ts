/**
 * An endpoint of the API declared once, as data: its method and path, what it takes (query, body, path
 * parameters or an uploaded file), what it answers per status, the permission it needs and the name a
 * change is logged under. The server registers its routes from these declarations, the web calls them
 * through one typed client, and the OpenAPI document is generated from them.
 */
import { z } from 'zod';
import type { RoutePermission } from '../permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Body of every 4xx/5xx answer (messages.ts, ApiError): the SPEC's words and their code. */
export const errorResponse = z.object({ err_message: z.string(), err_code: z.string().optional() });

/** An answer that is not JSON: an image file, a CSV download, or any other file (bytes). */
export type RawAnswer = 'image' | 'csv' | 'file';

export interface EndpointSpec {
  method: HttpMethod;
  /**
   * Further methods the same route answers (a reverse proxy passes every method on); the declaration
   * documents its `method`.
   */
  alsoMethods?: readonly string[];
  /** Full path; `:name` segments are path parameters (described by `params`). */
  path: string;
  permission: RoutePermission;
  /** The activity log's name for the change (e.g. `user.create`); mutations without one log the path. */
  activity?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  /** The request is a multipart form carrying one file, read by the handler (SPEC 8 uploads). */
  upload?: boolean;
  /** The successful answer's schema by status (200 at least), or the kind of file it sends. */
  response: { 200: z.ZodType } & Partial<Record<number, z.ZodType>>;
  /** Set instead of a 200 schema when the answer is a file. */
  raw?: RawAnswer;
  /** Failure statuses this endpoint answers besides those every endpoint of its kind may (see errorsOf). */
  errors?: readonly number[];
  /** A POST that only reads (SPEC 7 puts some queries in a body): read_api tokens may call it. */
  readsOnly?: boolean;
  /** Log every refused anonymous call (a route that bounds them itself, as sign-in does). */
  logsEveryRefusal?: boolean;
  /** A WebSocket upgrade rather than a request and its answer. */
  websocket?: boolean;
  /** Left out of the OpenAPI document (a probe for load balancers). */
  hidden?: boolean;
  summary?: string;
}

/** A declaration placed in its feature: `id` is `<feature>.<name>`, e.g. `inventory.list`. */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  feature: string;
  name: string;
  id: string;
  /** Every failure status it may answer with, each as `{err_message, err_code}`. */
  errorStatuses: readonly number[];
};

/** For answers that are files the 200 schema only documents the type; nothing serialises through it. */
export const fileAnswer = z.string().describe('file contents');

/** Declares one endpoint; the spec's own types are kept, so clients and handlers are typed by it. */
export const endpoint = <const S extends EndpointSpec>(spec: S): S => spec;

/** The statuses any endpoint of this kind may fail with, plus the ones it declares. */
function errorsOf(spec: EndpointSpec): number[] {
  const takesInput = Boolean(spec.query ?? spec.body ?? spec.params ?? spec.upload);
  const statuses = new Set<number>(spec.errors ?? []);
  if (takesInput) statuses.add(400);
  if (spec.upload) statuses.add(413);
  if (spec.permission.kind !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  // The ACL gate refuses addresses (403) and the console answers 503 while it stops, on any endpoint.
  statuses.add(403).add(503);
  return [...statuses].sort((a, b) => a - b);
}

export type FeatureEndpoints<T extends Record<string, EndpointSpec>> = { [K in keyof T]: Endpoint<T[K]> };

/** A feature's endpoints (the same name as its server and web folders), each stamped with its id. */
export function featureEndpoints<const T extends Record<string, EndpointSpec>>(
  feature: string,
  specs: T,
): FeatureEndpoints<T> {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      { ...spec, feature, name, id: `${feature}.${name}`, errorStatuses: errorsOf(spec) },
    ]),
  ) as unknown as FeatureEndpoints<T>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives, already validated. */
export type QueryOf<E extends EndpointSpec> = Out<E['query']>;
export type BodyOf<E extends EndpointSpec> = Out<E['body']>;
export type ParamsOf<E extends EndpointSpec> = Out<E['params']>;
/** What a handler returns (the serializer turns it into the answer). */
export type ReplyOf<E extends EndpointSpec> = z.input<E['response'][200]>;
/** What a client receives. */
export type AnswerOf<E extends EndpointSpec> = E['raw'] extends RawAnswer
  ? string
  : z.output<E['response'][200]>;

type Merge<A, B> = (A extends undefined ? unknown : A) & (B extends undefined ? unknown : B);
/** A query travels as text: either form of its fields will do (`online: true` or `'true'`). */
type QueryIn<S> = S extends z.ZodType ? z.input<S> | z.output<S> : undefined;
/**
 * What a client passes: path parameters, query and body fields in one object (the client sorts them out
 * by the schemas), and for an upload its `form`.
 */
export type InputOf<E extends EndpointSpec> = Merge<
  Merge<In<E['params']>, QueryIn<E['query']>>,
  E['upload'] extends true ? { form: FormData } : In<E['body']>
>;

/** The keys of an object schema (how a client tells query fields from body fields). */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  return [];
}

/** Fills a path's `:name` parameters; what is left of the input is returned beside it. */
export function fillPath(
  path: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}
