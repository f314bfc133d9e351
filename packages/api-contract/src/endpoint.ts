// What one JSON endpoint is, as data: its method, its path under /api (with :params), and the
// schemas of what goes in and what comes back. The server registers its routes from these
// (apps/server/src/infrastructure/http/route.ts) and the web app calls them through one function that builds the
// path and parses the reply (apps/web/src/lib/call-api.ts).
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Under /api, Fastify style: `/templates/:id`. */
  path: string;
  params?: z.ZodType;
  /**
   * A path parameter that fails its schema names nothing of anyone's: answered with this 404
   * instead of a 400, the same as a missing record.
   */
  paramsNotFound?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  reply: z.ZodType;
  /** The success status; 200 when unset. A 204 sends no body (its reply schema is `noContent`). */
  status?: 200 | 201 | 204;
}

/** Keeps each endpoint's literal types (method, path, schemas) while checking its shape. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Part<Key extends string, S> = [S] extends [z.ZodType]
  ? undefined extends Input<S>
    ? { [K in Key]?: Input<S> }
    : Record<never, never> extends Input<S>
      ? { [K in Key]?: Input<S> }
      : { [K in Key]: Input<S> }
  : { [K in Key]?: never };

/** What a caller passes: the path parameters, the query and the body, each where the endpoint has one. */
export type EndpointInput<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** The parsed reply of a successful call. */
export type EndpointReply<E extends Endpoint> = z.output<E['reply']>;

/** What the server's handler may return for it (before the reply schema's parse). */
export type EndpointReplyInput<E extends Endpoint> = z.input<E['reply']>;

/** The parsed parts a server handler receives. */
export interface ParsedInput<E extends Endpoint> {
  params: E['params'] extends z.ZodType ? z.output<E['params']> : Record<string, never>;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : Record<string, never>;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
}
