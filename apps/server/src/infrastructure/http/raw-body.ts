import type { FastifyInstance } from 'fastify';

/**
 * Webhook bodies as the exact bytes that were signed: JSON, WooCommerce's form-encoded ping, or
 * anything else (refused later by the signature check, never by the parser).
 */
export function acceptRawBodies(scope: FastifyInstance, bodyLimit = 1024 * 1024): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
}

export function rawBodyOf(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}
