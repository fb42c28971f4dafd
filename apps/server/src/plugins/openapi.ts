import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { VERSION } from '../version';

/**
 * OpenAPI 3 from the route schemas, browsable at {API_BASE}/docs outside production. A
 * production server publishes no map of its API: the docs path answers 404 there.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  if (config.NODE_ENV === 'production') return;
  // Imported here, so a production start does not load what it never serves.
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  await app.register(swagger, {
    openapi: {
      info: {
        title: '资产托管客户服务网银 API',
        description: 'Custody e-banking portal and API-gateway administration. Every response is `{ returnCode, returnMsg, data }`.',
        version: VERSION,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${config.API_BASE}/docs`,
    uiConfig: { docExpansion: 'list', deepLinking: false },
    staticCSP: true,
    // The docs pages carry their own CSP; keep them unindexed and public (no customer data).
    uiHooks: {
      onRequest: (_req, reply, done) => {
        reply.header('x-robots-tag', 'noindex');
        done();
      },
    },
  });
}
