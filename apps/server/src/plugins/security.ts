import compress from '@fastify/compress';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const HELMET = helmet({
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

/**
 * The headers helmet sets with our options, read once: every directive above is a constant, so
 * they are the same for every request. Running helmet's middleware chain per request cost a plain
 * call a tenth of its time, and its `setHeader` on the raw response put every other header of the
 * answer on Node's slower path too.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    // helmet removes X-Powered-By, which nothing has set when the onRequest hook runs.
    removeHeader() {},
  };
  let failed: unknown;
  HELMET({} as never, recorder as never, (err?: unknown) => (failed = err));
  if (failed) throw failed as Error;
  return headers;
}

export async function registerSecurity(app: FastifyInstance, config: Pick<Config, 'API_BASE'>) {
  const securityHeaders = helmetHeaders();
  // API answers carry session data, one-time values and live state: no browser or proxy may keep
  // them (an error answer included, so this is set before anything can fail).
  const apiPrefix = `${config.API_BASE}/`;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    if (request.url.startsWith(apiPrefix) || request.url === config.API_BASE || request.url.startsWith(`${config.API_BASE}?`)) {
      reply.header('cache-control', 'no-store');
    }
    done();
  });
  await app.register(compress, { global: true, threshold: 1024 });
}
