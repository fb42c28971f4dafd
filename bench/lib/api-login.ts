import { portalCrypto as c } from '@portal/crypto/node';
import { DEFAULT_API_BASE, authApi, envelopeAad, loginSigningString, platformApi, replaySigningString, signingApi, signingDataToSend, type AnyOperation } from '@portal/shared';
import { apiPath } from './api-url';

const API_HEADERS = { appid: 'zctgdzhwy', bl: '1' } as const;

/**
 * Logs in over HTTP as the web client does (docs/wire.md): negotiated key and `rev`, captcha bound to
 * it, server random, `zctgPassword`, device signature, sealed and signed login call. The server
 * must run with TEST_CAPTCHA=ABCDE. Returns the headers an authenticated call carries.
 */
export async function apiLogin(origin: string, username: string, password: string, captcha = 'ABCDE') {
  return (await apiSession(origin, username, password, captcha)).headers;
}

/**
 * A logged-in client: its headers, and POST calls sealed and signed as the web client makes them
 * (a signed operation's input carries `signMsg`, the device key's signature of its signing data).
 */
export async function apiSession(origin: string, username: string, password: string, captcha = 'ABCDE') {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(origin + path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...API_HEADERS, ...headers } });

  const negotiated = (await (await post(apiPath(platformApi.getEncryptionPublicKey), '{}')).json()).data as {
    appAsymmetricEncryptionPublicKey: string;
    appAsymmetricEncryptionType: 'SM2' | 'RSA';
    appSymmetricEncryptionType: 'SM4' | 'AES';
  };
  const apiList = (await (await fetch(origin + apiPath(platformApi.initialApiList), { headers: API_HEADERS })).json()).data as {
    path: string;
    isEncrypt: number;
  }[];
  const asym = negotiated.appAsymmetricEncryptionType;
  const sym = negotiated.appSymmetricEncryptionType;
  const key = c.generateSessionKey(sym);
  const rev = await c.encryptSessionKey(asym, negotiated.appAsymmetricEncryptionPublicKey, key);

  await post(apiPath(authApi.captchaCreate), '{}', { rev });
  const serverRandom = (await (await post(apiPath(authApi.serverRandom), '{}', { rev })).json()).data.random as string;
  const clientRandom = c.randomHex(16);
  const device = await c.sm2GenerateKeyPair();
  const signMsg = c.toBase64(await c.sm2Sign(device.privateKey, c.utf8Encode(loginSigningString(username, serverRandom, clientRandom, '0'))));
  const zctgPassword = await c.asymEncrypt(
    asym,
    negotiated.appAsymmetricEncryptionPublicKey,
    c.utf8Encode(JSON.stringify({ password, random: serverRandom, randomClient: clientRandom })),
  );
  const value = {
    username,
    password: zctgPassword,
    captcha,
    lastRev: rev,
    loginFlag: 4,
    extension: { loginType: '0', zctgPassword, random: serverRandom, randomClient: clientRandom, key: device.publicKey, signMsg, channelCode: 'WY' },
  };

  /** A POST of `value` to `path`: sealed where the API list says so, always signed; the opened `data`. */
  async function send(path: string, value: unknown, headers: Record<string, string>) {
    const encrypted = apiList.some((a) => a.isEncrypt === 1 && DEFAULT_API_BASE + a.path === path);
    const body = encrypted
      ? JSON.stringify({ request: c.toBase64(await c.seal(sym, key, c.utf8Encode(JSON.stringify(value)), c.utf8Encode(envelopeAad('POST', path, 'request')))) })
      : JSON.stringify(value);
    const at = String(Date.now());
    const nonce = c.randomHex(16);
    const digest = c.toHex(await c.digest(sym, c.utf8Encode(body)));
    const sign = c.toBase64(await c.mac(sym, key, c.utf8Encode(replaySigningString('POST', path, at, nonce, digest))));
    const json = (await (await post(path, body, { ...headers, 'x-timestamp': at, 'x-nonce': nonce, 'x-sign': sign })).json()) as {
      returnCode: string;
      returnMsg: string;
      data?: unknown;
      response?: string;
    };
    if (json.returnCode !== '000000') throw new Error(`${path} refused: ${json.returnCode} ${json.returnMsg}`);
    return json.response
      ? (JSON.parse(c.utf8Decode(await c.open(sym, key, c.fromBase64(json.response), c.utf8Encode(envelopeAad('POST', path, 'response'))))) as unknown)
      : json.data;
  }

  const data = (await send(apiPath(authApi.login), value, { rev })) as { access_token: string };
  const headers = { ...API_HEADERS, rev, authorization: `Bearer ${data.access_token}` };
  return {
    headers,
    /** A session POST operation; answers its (opened) `data`. */
    call: async (op: AnyOperation, input: unknown) => {
      if (!op.signing) return send(apiPath(op), input, headers);
      // A fresh single-use challenge for each signature, as the web client does.
      const { challenge } = (await send(apiPath(signingApi.signingChallenge), {}, headers)) as { challenge: string };
      const challenged = { ...(input as object), signChallenge: challenge };
      const signMsg = c.toBase64(await c.sm2Sign(device.privateKey, c.utf8Encode(signingDataToSend(op, challenged))));
      return send(apiPath(op), { ...challenged, signMsg }, headers);
    },
  };
}
