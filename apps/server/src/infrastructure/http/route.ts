// Registers a Fastify route from an endpoint of the API contract (packages/api-contract's
// `endpoints`): the method and path come from the contract, the params, query and body are parsed
// with its schemas before the handler runs, and the handler's return is typed by its reply schema.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Endpoint, EndpointReplyInput, ParsedInput } from '@thankly/api-contract';
import { notFound } from './errors.ts';
import { parseInput } from './validate.ts';

export type RouteHandler<E extends Endpoint> = (
  input: ParsedInput<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<EndpointReplyInput<E>>;

/** Hooks and config a route may add (rate limits, auth on one route, upload flags). */
export type RouteOptions = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'config'>;

/** Thrown in tests when a handler's answer breaks its endpoint's reply schema. */
export class ReplyContractError extends Error {
  constructor(endpoint: Endpoint, message: string) {
    super(`The reply of ${endpoint.method} ${endpoint.path} breaks its contract: ${message}`);
    this.name = 'ReplyContractError';
  }
}

/**
 * Replies are checked against their schema outside production (NODE_ENV=test and development):
 * every API test then fails on a reply that drifted from the contract, which the web app, parsing
 * replies with the same schemas, would refuse. In production the check is off. Measured with
 * zod 4 on the 2-core dev machine: checking the largest reply (100 activity items) takes about
 * 20 µs and a 90-day insights reply about 30 µs, a quarter to a third of JSON-serialising the same
 * reply; cheap, but it buys nothing there: the handlers' return types are already checked
 * against the schemas by the compiler, the tests make the runtime check, and a failed check in
 * production would turn a harmless extra or missing field into a 500 for every client.
 * The check validates without transforming: what is sent is exactly what the handler returned,
 * whether the check runs or not.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions = {},
): (handler: RouteHandler<E>) => void {
  // Curried: the handler is typed once the endpoint is known, so TypeScript checks its literal
  // fields (`ok: true`, a state name) against the reply schema instead of widening them.
  const checkReplies = app.ctx.config.env !== 'production';
  return (handler) => {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...options,
      handler: async (request, reply) => {
        const input = parseEndpointInput(endpoint, request);
        const result = await handler(input, request, reply);
        if (checkReplies) checkReply(endpoint, result);
        if (endpoint.status === 204) return reply.status(204).send();
        if (endpoint.status) reply.status(endpoint.status);
        return result;
      },
    });
  };
}

/**
 * The params, query and body as the endpoint's schemas read them: a bad one is a 400 with the
 * schema's message (through parseInput, as every route does), and a malformed path parameter is
 * the endpoint's 404 where it names one.
 */
export function parseEndpointInput<E extends Endpoint>(
  endpoint: E,
  request: Pick<FastifyRequest, 'params' | 'query' | 'body'>,
): ParsedInput<E> {
  let params: unknown = {};
  if (endpoint.params) {
    if (endpoint.paramsNotFound !== undefined) {
      const parsed = endpoint.params.safeParse(request.params ?? {});
      if (!parsed.success) throw notFound(endpoint.paramsNotFound);
      params = parsed.data;
    } else {
      params = parseInput(endpoint.params, request.params);
    }
  }
  const query = endpoint.query ? parseInput(endpoint.query, request.query) : {};
  const body = endpoint.body ? parseInput(endpoint.body, request.body) : undefined;
  return { params, query, body } as ParsedInput<E>;
}

function checkReply(endpoint: Endpoint, result: unknown): void {
  const parsed = endpoint.reply.safeParse(result);
  if (parsed.success) return;
  const issue = parsed.error.issues[0]!;
  throw new ReplyContractError(
    endpoint,
    `${issue.path.join('.') || 'the reply'}: ${issue.message}`,
  );
}
