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
 * Replies are checked against their schema only when NODE_ENV=test: every API test then fails on a reply that drifted from the contract
 * (the web app parses replies with the same schemas, so a drift would break it). In production
 * the check is off: the handlers' return types are already checked against the schemas by the
 * compiler, and parsing costs CPU on every call: measured on this machine, checking the largest
 * reply (100 activity items) takes about 0.1 ms and a 90-day insights reply about 0.07 ms, on top
 * of Fastify's ~0.05 ms for the whole request: it would double the framework's share of the
 * busiest reads for a check the tests already make.
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
  const checkReplies = app.ctx.config.env === 'test';
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
