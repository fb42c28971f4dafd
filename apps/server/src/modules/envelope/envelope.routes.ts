import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEnvelopeSchema } from '@portal/shared';
import { ok } from '../../plugins/errors';
import type { ApiRegistry } from './api-registry';
import type { ServerKeys } from './server-keys';

const publicKeySchema = z.object({
  appAsymmetricEncryptionPublicKey: z.string(),
  appAsymmetricEncryptionType: z.enum(['SM2', 'RSA']),
  appSymmetricEncryptionType: z.enum(['SM4', 'AES']),
  keyId: z.string(),
});

const echoSchema = z.object({ payload: z.string().max(4096, '检测报文不能超过4096个字符') });
const echoReplySchema = z.object({ payload: z.string(), serverTime: z.string() });

const apiListSchema = z.array(z.object({ path: z.string(), isEncrypt: z.number(), status: z.number() }));

/** Spec §7 key negotiation and the encrypted-API list (WIRE.md). Both are open: they come before login. */
export async function envelopeRoutes(app: FastifyInstance, keys: ServerKeys, registry: ApiRegistry) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/base/app/getEncryptionPublicKey',
    {
      config: { access: 'public', envelope: 'no-rev' },
      schema: { tags: ['envelope'], summary: '获取加密公钥与协商算法', response: { 200: apiEnvelopeSchema(publicKeySchema) } },
    },
    async () =>
      ok({
        appAsymmetricEncryptionPublicKey: keys.active.publicKey,
        appAsymmetricEncryptionType: keys.asymmetric,
        appSymmetricEncryptionType: keys.symmetric,
        keyId: keys.active.keyId,
      }),
  );

  // Connection diagnostics (and the envelope benchmark): the same echo through the encrypted
  // channel and in plaintext, so support staff can tell a crypto problem from a network one.
  for (const [url, summary] of [
    ['/base/app/echo', '加密通道检测'],
    ['/base/app/echoPlain', '明文通道检测'],
  ] as const) {
    api.post(
      url,
      {
        config: { access: 'public' },
        schema: { tags: ['envelope'], summary, body: echoSchema, response: { 200: apiEnvelopeSchema(echoReplySchema) } },
      },
      async (request) => ok({ payload: request.body.payload, serverTime: new Date().toISOString() }),
    );
  }

  api.get(
    '/initial/api/list',
    {
      config: { access: 'public' },
      schema: { tags: ['envelope'], summary: '接口加密清单', response: { 200: apiEnvelopeSchema(apiListSchema) } },
    },
    async () => ok(registry.list().map(({ path, isEncrypt, status }) => ({ path, isEncrypt, status }))),
  );
}
