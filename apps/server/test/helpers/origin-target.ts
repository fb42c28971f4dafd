import { DEFAULT_API_BASE, DEFAULT_CUSTOMER_PREFIX, DEFAULT_GATEWAY_PREFIX } from '@portal/shared';
import type { ClientTarget } from './envelope-client';

/**
 * A running server at `origin` (or the balancer in front of several) as the target of the test
 * clients (loginClient, connectEnvelope): their calls go over HTTP with fetch instead of `inject`.
 */
export function originTarget(origin: string): ClientTarget {
  return {
    config: { API_BASE: DEFAULT_API_BASE, CUSTOMER_PREFIX: DEFAULT_CUSTOMER_PREFIX, GATEWAY_PREFIX: DEFAULT_GATEWAY_PREFIX },
    async inject({ method, url, headers, payload }) {
      const res = await fetch(origin + url, { method, headers, body: payload });
      const rawPayload = Buffer.from(await res.arrayBuffer());
      const body = rawPayload.toString('utf8');
      return { statusCode: res.status, headers: Object.fromEntries(res.headers), body, rawPayload, json: () => JSON.parse(body) };
    },
  };
}
