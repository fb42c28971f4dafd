import type { FastifyRequest } from 'fastify';
import { RETURN_CODES } from '@portal/shared';
import type { KvStore } from '../kv/kv-store';
import { AppError } from './errors';

/**
 * Counts one call in the bucket `name` of the shared store, so that a limit holds across
 * instances; false once more than `limit` calls came within the window.
 */
export async function withinRateLimit(kv: KvStore, name: string, limit: number, windowMs = 60_000): Promise<boolean> {
  return (await kv.increment(`rate:${name}`, windowMs)) <= limit;
}

/**
 * An onRequest guard allowing `limit` calls per client address and window in the bucket `name`
 * (an operation's id: each route counts apart); refused before the body is read.
 */
export function rateLimit(kv: KvStore, name: string, limit: number, windowMs = 60_000) {
  return async (request: FastifyRequest) => {
    if (!(await withinRateLimit(kv, `${name}:${request.ip}`, limit, windowMs))) throw new AppError(RETURN_CODES.TOO_MANY_REQUESTS);
  };
}
