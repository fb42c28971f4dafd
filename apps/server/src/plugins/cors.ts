import type { FastifyInstance } from 'fastify';
import { ENVELOPE_HEADERS } from '@portal/shared';
import type { Config } from '../config';

/** What the web client sends: the envelope's headers, the session's Bearer token, JSON bodies. */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'accept', 'last-event-id', ...Object.values(ENVELOPE_HEADERS)].join(', ');
/** What it reads beyond the safelisted ones: the catalogue version and a download's file name. */
const EXPOSED_HEADERS = [ENVELOPE_HEADERS.apiVersion, 'content-disposition', 'x-request-id'].join(', ');

/**
 * The plug-in build (spec §2, §9) runs on another origin than the API: exactly the origins of
 * PLUGIN_ORIGINS may call the API from there, and no other. No cookies travel (the session is a
 * Bearer token), so credentials are never allowed.
 */
export function registerPluginCors(app: FastifyInstance, config: Pick<Config, 'API_BASE' | 'PLUGIN_ORIGINS'>) {
  if (config.PLUGIN_ORIGINS.length === 0) return;
  const allowed = new Set(config.PLUGIN_ORIGINS);
  const apiPrefix = `${config.API_BASE}/`;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(apiPrefix)) return;
    // Answers differ by Origin: caches must keep them apart.
    reply.header('vary', 'origin');
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .send();
    }
  });
}
