import type { FastifyBaseLogger } from 'fastify';
import { type DestinationStream, pino } from 'pino';
import { requestLogSerializers } from '../http/request-log.ts';

export type { DestinationStream };
/** A pino logger, typed as Fastify knows it so the HTTP app can log through the same one. */
export type Logger = FastifyBaseLogger;

/**
 * The process's one logger: the HTTP app's request lines and every background job write through
 * it, so LOG_LEVEL governs all of them. Lines go to stdout unless a stream is given (tests).
 */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  return pino({ level, serializers: requestLogSerializers }, stream);
}
