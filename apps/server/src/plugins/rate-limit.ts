import type { FastifyRequest } from 'fastify';
import { RETURN_CODES } from '@portal/shared';
import type { KvStore } from '../kv/kv-store';
import { AppError } from './errors';

/**
 * An onRequest guard allowing `limit` calls per client address and window in the bucket `name`
 * (an operation's id: each route counts apart). Counted in the shared store, so the limit holds
 * across instances; refused before the body is read.
 */
export function rateLimit(kv: KvStore, name: string, limit: number, windowMs = 60_000) {
  return async (request: FastifyRequest) => {
    const count = await kv.increment(`rate:${name}:${request.ip}`, windowMs);
    if (count > limit) throw new AppError(RETURN_CODES.TOO_MANY_REQUESTS);
  };
}
