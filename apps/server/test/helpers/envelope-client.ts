import type { LightMyRequestResponse } from 'fastify';
import { portalCrypto as c } from '@portal/crypto/node';
import { envelopeAad, replaySigningString, type ApiEnvelope } from '@portal/shared';
import type { Config } from '../../src/config';
import { API_HEADERS } from './test-app';

/**
 * The server a client talks to: a TestApp through Fastify's `inject`, or a running server (or a
 * balancer in front of several) through `originTarget` (origin-target.ts), with the same calls.
 */
export interface ClientTarget {
  inject(request: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; payload?: string }): Promise<ClientReply>;
  config: Pick<Config, 'API_BASE' | 'CUSTOMER_PREFIX' | 'GATEWAY_PREFIX'>;
}

export type ClientReply = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'rawPayload' | 'json'>;

/**
 * A client written from docs/wire.md alone: negotiates the key, sends `rev`, seals bodies and
 * signs anti-replay headers. Tests use it as an independent peer of the server.
 */
export async function connectEnvelope(app: ClientTarget) {
  const negotiated = (
    await app.inject({ method: 'POST', url: '/pmobile/base/app/getEncryptionPublicKey', headers: API_HEADERS })
  ).json().data as {
    appAsymmetricEncryptionPublicKey: string;
    appAsymmetricEncryptionType: 'SM2' | 'RSA';
    appSymmetricEncryptionType: 'SM4' | 'AES';
  };
  const apiList = (await app.inject({ method: 'GET', url: '/pmobile/initial/api/list', headers: API_HEADERS })).json().data as {
    path: string;
    isEncrypt: number;
  }[];
  const encrypted = new Set(apiList.filter((a) => a.isEncrypt === 1).map((a) => `/pmobile${a.path}`));
  const sym = negotiated.appSymmetricEncryptionType;
  const key = c.generateSessionKey(sym);
  const rev = await c.encryptSessionKey(negotiated.appAsymmetricEncryptionType, negotiated.appAsymmetricEncryptionPublicKey, key);

  const seal = async (method: string, path: string, value: unknown) =>
    c.toBase64(await c.seal(sym, key, c.utf8Encode(JSON.stringify(value)), c.utf8Encode(envelopeAad(method, path, 'request'))));

  async function replayHeaders(method: string, path: string, body: string, at = Date.now(), nonce = c.randomHex(16)) {
    const digest = c.toHex(await c.digest(sym, c.utf8Encode(body)));
    const sign = c.toBase64(await c.mac(sym, key, c.utf8Encode(replaySigningString(method, path, String(at), nonce, digest))));
    return { 'x-timestamp': String(at), 'x-nonce': nonce, 'x-sign': sign };
  }

  async function openResponse(method: string, path: string, response: string) {
    const plain = await c.open(sym, key, c.fromBase64(response), c.utf8Encode(envelopeAad(method, path, 'response')));
    return JSON.parse(c.utf8Decode(plain)) as unknown;
  }

  return {
    sym,
    key,
    rev,
    negotiated,
    seal,
    replayHeaders,
    openResponse,
    headers: { ...API_HEADERS, rev },
    /**
     * A POST as the web client makes it: sealed when the gateway lists the path as encrypted,
     * signed for anti-replay unless `sign` is false. Returns the reply and the (decrypted) data.
     */
    async post(path: string, value: unknown, extraHeaders: Record<string, string> = {}, { sign = true } = {}) {
      const body = encrypted.has(path) ? JSON.stringify({ request: await seal('POST', path, value) }) : JSON.stringify(value);
      const res = await app.inject({
        method: 'POST',
        url: path,
        payload: body,
        headers: {
          'content-type': 'application/json',
          ...API_HEADERS,
          rev,
          ...(sign ? await replayHeaders('POST', path, body) : {}),
          ...extraHeaders,
        },
      });
      const json = res.json() as ApiEnvelope & { response?: string };
      const data = json.response ? await openResponse('POST', path, json.response) : json.data;
      return { res, json, data, body };
    },
    /**
     * A GET as the web client makes it: on an encrypted path a non-empty query travels sealed as
     * `?request=` (base64url), otherwise as plain parameters; signed over the empty body.
     */
    async get(path: string, query: Record<string, unknown> = {}, extraHeaders: Record<string, string> = {}) {
      const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''));
      let url = path;
      if (Object.keys(params).length > 0) {
        url += encrypted.has(path)
          ? `?request=${c.toBase64Url(await c.seal(sym, key, c.utf8Encode(JSON.stringify(params)), c.utf8Encode(envelopeAad('GET', path, 'request'))))}`
          : `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
      }
      const res = await app.inject({ method: 'GET', url, headers: { ...API_HEADERS, rev, ...(await replayHeaders('GET', path, '')), ...extraHeaders } });
      const json = res.json() as ApiEnvelope & { response?: string };
      const data = json.response ? await openResponse('GET', path, json.response) : json.data;
      return { res, json, data };
    },
  };
}
