import compress from '@fastify/compress';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurity(app: FastifyInstance) {
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
  app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  await app.register(compress, { global: true, threshold: 1024 });
}
