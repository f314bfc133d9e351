import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the request carries `Authorization: Bearer <OPERATOR_TOKEN>`. */
export function isOperator(request: FastifyRequest): boolean {
  const expected = request.server.ctx.config.operatorToken;
  const header = request.headers.authorization ?? '';
  if (!expected || !header.startsWith('Bearer ')) return false;
  // Compare digests: equal lengths for timingSafeEqual, and no timing hint about the token.
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(expected));
}

/** Guards the operator's routes; without OPERATOR_TOKEN configured they answer 404 to everyone. */
export async function requireOperator(request: FastifyRequest): Promise<void> {
  if (!request.server.ctx.config.operatorToken) throw new AppError('not_found', 'Not found.');
  if (!isOperator(request)) throw new AppError('unauthenticated', 'Operator token required.');
}
