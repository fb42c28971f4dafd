import type { FastifyInstance } from 'fastify';
import { ENVELOPE_HEADERS, platformApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { ApiRegistry } from '../../platform/api-registry';
import type { ServerKeys } from '../../platform/server-keys';
import { operationRoutes } from '../../plugins/operations';

/** Spec §7 key negotiation, the encrypted-API list (docs/wire.md) and the channel diagnostics; all before login. */
export async function envelopeRoutes(app: FastifyInstance, ctx: AppContext, keys: ServerKeys, registry: ApiRegistry) {
  const routes = operationRoutes(app, ctx);

  routes.json(platformApi.getEncryptionPublicKey, async () => ({
    appAsymmetricEncryptionPublicKey: keys.active.publicKey,
    appAsymmetricEncryptionType: keys.asymmetric,
    appSymmetricEncryptionType: keys.symmetric,
    keyId: keys.active.keyId,
  }));

  // The same echo through the encrypted channel and in plaintext, so support staff can tell a
  // crypto problem from a network one (and the envelope benchmark can compare them).
  for (const op of [platformApi.echo, platformApi.echoPlain]) {
    routes.json(op, async ({ input }) => ({ payload: input.payload, serverTime: new Date().toISOString() }));
  }

  routes.json(platformApi.initialApiList, async ({ reply }) => {
    reply.header(ENVELOPE_HEADERS.apiVersion, String(registry.version));
    return registry.list().map(({ path, isEncrypt, status }) => ({ path, isEncrypt, status }));
  });
}
