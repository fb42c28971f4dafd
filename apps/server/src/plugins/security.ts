import compress from '@fastify/compress';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export async function registerSecurity(app: FastifyInstance, config: Pick<Config, 'API_BASE'>) {
  // helmet's middleware built once: @fastify/helmet builds it again, CSP parsing included, on
  // every request (a tenth of a plain call's time here).
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd renders its styles at run time (CSS-in-JS) into <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // Plain-HTTP deployments (npm start, an internal LB) must not have requests rewritten to https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // API answers carry session data, one-time values and live state: no browser or proxy may keep
  // them (an error answer included, so this is set before anything can fail).
  const apiPrefix = `${config.API_BASE}/`;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(apiPrefix) || request.url === config.API_BASE || request.url.startsWith(`${config.API_BASE}?`)) {
      reply.header('cache-control', 'no-store');
    }
    done();
  });
  app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  await app.register(compress, { global: true, threshold: 1024 });
}
