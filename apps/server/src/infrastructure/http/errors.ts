import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { loggableError } from './loggable-error.ts';
import type { UnknownPathGuard } from './unknown-path-limit.ts';

const STATUS_BY_CODE = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unsupported_media_type: 415,
  rate_limited: 429,
  /** A service we depend on (the mail relay) failed; the request itself was fine. */
  upstream_failed: 502,
  /** The server is not set up for this (card payments without keys in production). */
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof STATUS_BY_CODE;

/** The one error type routes throw; its message is written for the person reading it. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** What an operator needs to know and the client must not see; logged with a 5xx. */
    readonly detail?: string,
    /** More fields of the failure body beside `error`, for a client that acts on them. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.statusCode = STATUS_BY_CODE[code];
  }
}

export const notFound = (what = 'Not found.') => new AppError('not_found', what);

/**
 * Maps every failure to `{ error }`. Only a request the client got wrong is a 4xx: AppErrors (input
 * parsing with `parseInput` is the one source of 400s for bodies, queries and parameters) and
 * Fastify's own refusals of a body it cannot parse. An AppError of 5xx (a third party's failure)
 * keeps its readable message and is logged. Anything else, a schema failure of our own data
 * included, is logged and answered with a generic 500 so no internals reach the client. A path
 * nothing serves is a 404 `{ error }`, or a 429 once `unknownPaths` says the client is probing.
 */
export function registerErrorHandler(app: FastifyInstance, unknownPaths?: UnknownPathGuard): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500)
        request.log.error(
          { err: loggableError(error), ...(error.detail && { detail: error.detail }) },
          'request failed',
        );
      return reply.status(error.statusCode).send({ ...error.extra, error: error.message });
    }
    // A ZodError here is a schema other than input parsing: our own stored data or code is wrong,
    // not the client's request.
    if (!(error instanceof ZodError)) {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ error: clientErrorMessage(error) });
      }
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong. Please try again.' });
  });

  app.setNotFoundHandler(async (request, reply) => {
    unknownPaths?.(request, reply);
    return reply
      .status(404)
      .send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send a JSON object.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return error.message;
  }
}
