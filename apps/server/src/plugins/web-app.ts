import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EDITION_PAGES, RETURN_CODES } from '@portal/shared';
import type { Config } from '../config';
import { sendError } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app under PUBLIC_PATH: hashed assets cached for a year,
 * index.html never cached, and any extension-less path inside the app answered with
 * index.html so that deep links (/zctgdzhwy/home) load the app.
 */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (!hasBuild) {
    app.log.warn({ webDist: config.webDist }, 'web app build not found; run `npm run build` (API still served)');
  } else {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: `${config.PUBLIC_PATH}/`,
      index: false,
      wildcard: true,
      // The build's brotli and gzip copies (apps/web/vite.config.ts), so no asset is compressed per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const inAssets = filePath.startsWith(path.join(config.webDist, 'assets') + path.sep);
        reply.header('cache-control', inAssets ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');

  app.get('/', { schema: { hide: true } }, (_req, reply) =>
    reply.redirect(`${config.PUBLIC_PATH}/`),
  );
  // Spec §2: the editions' login pages at the server's root (the addresses branches hand out)
  // open the app's page of that edition, query included.
  for (const page of Object.values(EDITION_PAGES)) {
    app.get(page, { schema: { hide: true } }, (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(`${config.PUBLIC_PATH}${page}${query < 0 ? '' : request.url.slice(query)}`);
    });
  }

  return function notFound(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '';
    const inApp = pathname === config.PUBLIC_PATH || pathname.startsWith(`${config.PUBLIC_PATH}/`);
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (hasBuild && inApp && (request.method === 'GET' || request.method === 'HEAD') && !lastSegment.includes('.')) {
      return sendIndex(reply);
    }
    request.log.info({ method: request.method, path: pathname }, 'no such route');
    return sendError(reply, RETURN_CODES.NOT_FOUND);
  };
}
