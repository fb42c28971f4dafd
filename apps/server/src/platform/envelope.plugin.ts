import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import secureJson from 'secure-json-parse';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { portalCrypto } from '@portal/crypto';
import {
  BL_VALUE,
  ENVELOPE_HEADERS,
  REPLAY_WINDOW_MS,
  RETURN_CODES,
  SUCCESS_CODE,
  envelopeAad,
  replaySigningString,
} from '@portal/shared';
import type { AppContext } from '../app-context';
import { metrics } from '../metrics';
import { AppError } from '../plugins/errors';
import type { ApiPolicy, ApiRegistry } from './api-registry';
import type { ServerKeys } from './server-keys';
import { timed } from './server-timing';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as received, for the anti-replay digest. */
    rawBody?: string;
    envelope?: { api: ApiPolicy; key: Uint8Array | undefined; pathname: string; sealed?: boolean };
  }
}

const SESSION_KEY_TTL_MS = 12 * 60 * 60_000;
const NONCE_PATTERN = /^[0-9a-f]{32}$/;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** An envelope refusal, counted by its reason for the operator's metrics. */
function refusal(reason: keyof typeof RETURN_CODES) {
  metrics.envelopeRefusals.inc({ reason });
  return new AppError(RETURN_CODES[reason]);
}

/**
 * The crypto envelope of spec §7 and docs/wire.md as one layer around every API route:
 * appid/BL checks, `rev` → session key (cached per instance), anti-replay on `isAra` paths,
 * request decryption and response encryption on `isEncrypt` paths. Each refusal has its own
 * returnCode, is logged with the request id, and happens before any handler runs.
 */
export function registerEnvelope(app: FastifyInstance, ctx: AppContext, keys: ServerKeys, registry: ApiRegistry) {
  const { config } = ctx;
  const cache =
    config.REV_CACHE_SIZE > 0
      ? new LRUCache<string, Uint8Array>({ max: config.REV_CACHE_SIZE, ttl: SESSION_KEY_TTL_MS })
      : undefined;

  async function sessionKey(rev: string): Promise<Uint8Array> {
    const cached = cache?.get(rev);
    if (cached) return cached;
    let key: Uint8Array;
    try {
      key = await keys.decryptSessionKey(rev);
    } catch {
      throw refusal('REV_INVALID');
    }
    cache?.set(rev, key);
    return key;
  }

  // Keep the body text as received: the anti-replay signature covers the exact bytes.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    parseJson(request, body as string, done);
  });

  app.addHook('onRequest', async (request) => {
    const op = request.operation;
    if (!op || op.envelope === 'exempt') return;

    if (header(request, ENVELOPE_HEADERS.appId) !== config.APP_ID) throw refusal('APPID_INVALID');
    if (header(request, ENVELOPE_HEADERS.bl) !== BL_VALUE) throw refusal('BL_HEADER_INVALID');

    // A client whose API list is older than the catalogue refetches it and retries; one that
    // saw a newer catalogue on another instance brings this one up to date first.
    // (Key negotiation and the list itself come before any list.)
    const listVersion = Number(header(request, ENVELOPE_HEADERS.apiVersion));
    if (!op.pinned.includes('plaintext') && Number.isSafeInteger(listVersion) && listVersion > 0) {
      if (listVersion < registry.version) throw refusal('API_LIST_STALE');
      await registry.noteClientVersion(listVersion);
    }
    // The matched route's live catalogue row decides; the raw URL never does.
    const api = registry.forOperation(op.id);
    if (!api) throw refusal('API_NOT_REGISTERED');
    if (api.status !== 1) throw refusal('API_DISABLED');
    const rev = op.envelope === 'no-rev' ? undefined : header(request, ENVELOPE_HEADERS.rev);
    const needsKey = Boolean(api.isEncrypt || api.isAra);
    if (needsKey && !rev) throw refusal('REV_MISSING');
    const pathname = request.routeOptions.url as string;
    request.envelope = { api, pathname, key: rev ? await timed(request, 'rev', () => sessionKey(rev)) : undefined };
  });

  app.addHook('preValidation', async (request) => {
    const envelope = request.envelope;
    const key = envelope?.key;
    if (!envelope || !key) return;
    if (envelope.api.isAra) await timed(request, 'replay', () => checkReplay(ctx, request, key, envelope.pathname));
    if (envelope.api.isEncrypt) await timed(request, 'unseal', () => decryptRequest(config, request, key, envelope.pathname));
  });

  // Sealed before serialization, so the answer is not serialized, parsed and serialized again.
  // The route's response schema still decides what `data` may leave, as the serializer would.
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const envelope = request.envelope;
    if (!envelope?.api.isEncrypt || !envelope.key || !isSuccess(payload)) return payload;
    return seal(config, request, reply, envelope, envelope.key, payload);
  });

  // An answer a route sends ready-made (a string, a file) skips preSerialization and is never
  // sealed: a success of that kind on an encrypted path would travel in plaintext, so it is
  // refused; a file on an encrypted path goes out only behind a download ticket.
  app.addHook('onSend', async (request, _reply, payload) => {
    const envelope = request.envelope;
    if (!envelope?.api.isEncrypt || envelope.sealed) return payload;
    if (typeof payload !== 'string' || !isRefusal(parseOrNull(payload))) {
      throw new Error(`unsealed answer on the encrypted path ${request.method} ${envelope.pathname}`);
    }
    return payload;
  });
}

/** Anti-replay (docs/wire.md): a fresh timestamp, the MAC of the exact request, and a nonce spent once. */
async function checkReplay({ config, kv }: Pick<AppContext, 'config' | 'kv'>, request: FastifyRequest, key: Uint8Array, pathname: string) {
  const timestamp = header(request, ENVELOPE_HEADERS.timestamp);
  const nonce = header(request, ENVELOPE_HEADERS.nonce);
  const sign = header(request, ENVELOPE_HEADERS.sign);
  if (!timestamp || !nonce || !sign || !/^\d{1,16}$/.test(timestamp) || !NONCE_PATTERN.test(nonce)) {
    throw refusal('REPLAY_HEADERS_MISSING');
  }
  if (Math.abs(Date.now() - Number(timestamp)) > REPLAY_WINDOW_MS) throw refusal('REPLAY_STALE');

  const sym = config.CRYPTO_SYMMETRIC;
  const digest = await portalCrypto.digest(sym, portalCrypto.utf8Encode(request.rawBody ?? ''));
  const signed = replaySigningString(request.method, pathname, timestamp, nonce, portalCrypto.toHex(digest));
  const expected = portalCrypto.toBase64(await portalCrypto.mac(sym, key, portalCrypto.utf8Encode(signed)));
  if (!sameText(expected, sign)) throw refusal('REPLAY_SIGN_INVALID');
  // Only a correctly signed request spends its nonce, so forged ones cannot burn real nonces.
  const fresh = await kv.setIfAbsent(`nonce:${nonce}`, '1', 2 * REPLAY_WINDOW_MS);
  if (!fresh) throw refusal('REPLAY_NONCE_USED');
}

/** Replaces the sealed `{ request }` (the body, or the query of a bodyless method) with what it holds. */
async function decryptRequest(config: AppContext['config'], request: FastifyRequest, key: Uint8Array, pathname: string) {
  const aad = portalCrypto.utf8Encode(envelopeAad(request.method, pathname, 'request'));
  const bodyless = request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE';
  const carrier = (bodyless ? request.query : request.body) as Record<string, unknown> | undefined;
  const keys = carrier && typeof carrier === 'object' ? Object.keys(carrier) : [];
  // A GET with no parameters has nothing to hide; anything else must be exactly { request }.
  if (bodyless && keys.length === 0) return;
  if (keys.length !== 1 || keys[0] !== 'request' || typeof carrier?.request !== 'string') {
    throw refusal('PLAINTEXT_REFUSED');
  }
  let plain: unknown;
  try {
    const message = bodyless ? portalCrypto.fromBase64Url(carrier.request) : portalCrypto.fromBase64(carrier.request);
    const bytes = await portalCrypto.open(config.CRYPTO_SYMMETRIC, key, message, aad);
    plain = secureJson.parse(portalCrypto.utf8Decode(bytes), undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw refusal('DECRYPT_FAILED');
  }
  if (bodyless) request.query = plain;
  else request.body = plain;
}

/** The success answer, checked against the route's response schema, with its `data` sealed under the session key. */
async function seal(
  config: AppContext['config'],
  request: FastifyRequest,
  reply: FastifyReply,
  envelope: NonNullable<FastifyRequest['envelope']>,
  key: Uint8Array,
  payload: { returnCode: string; returnMsg: string; data?: unknown },
) {
  const schema = responseSchema(request, reply.statusCode);
  let answer = payload;
  if (schema) {
    const checked = safeEncode(schema, payload);
    if (!checked.success) throw new Error(`response of ${request.method} ${envelope.pathname} does not match its schema`, { cause: checked.error });
    answer = checked.data as typeof payload;
  }
  const sealed = await portalCrypto.seal(
    config.CRYPTO_SYMMETRIC,
    key,
    portalCrypto.utf8Encode(JSON.stringify(answer.data ?? null)),
    portalCrypto.utf8Encode(envelopeAad(request.method, envelope.pathname, 'response')),
  );
  envelope.sealed = true;
  // Ciphertext does not compress: gzip of a sealed answer takes back only base64's quarter, for
  // 7.6 % of an instance's CPU under the scale load. This request header is the compression
  // plugin's own switch, read by its onSend hook after this one.
  request.headers['x-no-compression'] = '1';
  reply.serializer(JSON.stringify);
  return { returnCode: answer.returnCode, returnMsg: answer.returnMsg, response: portalCrypto.toBase64(sealed) };
}

/**
 * The schema Fastify would serialize this answer with: by status, then `2xx`, then `default`,
 * each a zod schema or `{ properties }` around one, as fastify-type-provider-zod reads them.
 * None declared: null. Declared but none found for this answer: an error, so nothing unchecked
 * is sealed.
 */
function responseSchema(request: FastifyRequest, status: number): $ZodType | null {
  const declared = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
  if (!declared) return null;
  const entry = declared[status] ?? declared[`${String(status)[0]}xx`] ?? declared.default;
  const schema = entry instanceof $ZodType ? entry : (entry as { properties?: unknown } | undefined)?.properties;
  if (!(schema instanceof $ZodType)) throw new Error(`no readable response schema for ${status} on ${request.method} ${request.routeOptions.url}`);
  return schema;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A refusal in our envelope: the one kind of answer that leaves an encrypted path unsealed. */
function isRefusal(payload: unknown): boolean {
  const code = typeof payload === 'object' && payload !== null ? (payload as { returnCode?: unknown }).returnCode : undefined;
  return typeof code === 'string' && code !== SUCCESS_CODE;
}

/** A success envelope with data to seal; refusals carry no data, so they travel as they are. */
function isSuccess(payload: unknown): payload is { returnCode: string; returnMsg: string; data?: unknown } {
  return typeof payload === 'object' && payload !== null && (payload as { returnCode?: unknown }).returnCode === SUCCESS_CODE;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
