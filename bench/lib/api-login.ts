import { portalCrypto as c } from '@portal/crypto/node';
import { DEFAULT_API_BASE, authApi, envelopeAad, loginSigningString, platformApi, replaySigningString, signingApi, signingDataToSend, type AnyOperation } from '@portal/shared';
import { apiPath } from './api-url';

const API_HEADERS = { appid: 'zctgdzhwy', bl: '1' } as const;

/** What a call answered: the HTTP status and Retry-After, and the envelope (its `data` opened). */
export interface Answer {
  status: number;
  retryAfter: string | null;
  /** The answer's Server-Timing header (the login sends its steps' durations). */
  serverTiming: string | null;
  returnCode: string;
  returnMsg: string;
  data: unknown;
}

/**
 * Logs in over HTTP as the web client does (docs/wire.md): negotiated key and `rev`, captcha bound to
 * it, server random, `zctgPassword`, device signature, sealed and signed login call. The server
 * must run with TEST_CAPTCHA=ABCDE (`apiSession` can read a real captcha's answer instead).
 * Returns the headers an authenticated call carries.
 */
export async function apiLogin(origin: string, username: string, password: string, captcha = 'ABCDE') {
  return (await apiSession(origin, username, password, captcha)).headers;
}

/**
 * A logged-in client: its headers, and POST calls sealed and signed as the web client makes them
 * (a signed operation's input carries `signMsg`, the device key's signature of its signing data).
 * `captcha` is the answer, or reads it for the `rev` (a production server draws a real one).
 * A call that has no answer within 30 s is abandoned (the balancer would wait 60 s).
 */
export async function apiSession(origin: string, username: string, password: string, captcha: string | ((rev: string) => Promise<string>) = 'ABCDE') {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(origin + path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...API_HEADERS, ...headers }, signal: AbortSignal.timeout(30_000) });

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
  // A production server draws a real captcha: the caller reads its answer where the server keeps it.
  const captchaAnswer = typeof captcha === 'string' ? captcha : await captcha(rev);
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
    captcha: captchaAnswer,
    lastRev: rev,
    loginFlag: 4,
    extension: { loginType: '0', zctgPassword, random: serverRandom, randomClient: clientRandom, key: device.publicKey, signMsg, channelCode: 'WY' },
  };

  /**
   * A POST of `value` to `path`, or a GET without a query (the load's GETs take none): sealed where
   * the API list says so, always signed; the HTTP answer with its (opened) envelope.
   */
  async function exchange(path: string, value: unknown, headers: Record<string, string>, method: 'GET' | 'POST' = 'POST'): Promise<Answer> {
    const encrypted = apiList.some((a) => a.isEncrypt === 1 && DEFAULT_API_BASE + a.path === path);
    const body =
      method === 'GET' ? '' : encrypted
        ? JSON.stringify({ request: c.toBase64(await c.seal(sym, key, c.utf8Encode(JSON.stringify(value)), c.utf8Encode(envelopeAad('POST', path, 'request')))) })
        : JSON.stringify(value);
    const at = String(Date.now());
    const nonce = c.randomHex(16);
    const digest = c.toHex(await c.digest(sym, c.utf8Encode(body)));
    const sign = c.toBase64(await c.mac(sym, key, c.utf8Encode(replaySigningString(method, path, at, nonce, digest))));
    const replay = { ...headers, 'x-timestamp': at, 'x-nonce': nonce, 'x-sign': sign };
    const res =
      method === 'GET'
        ? await fetch(origin + path, { headers: { ...API_HEADERS, ...replay }, signal: AbortSignal.timeout(30_000) })
        : await post(path, body, replay);
    const text = await res.text();
    let json: { returnCode?: string; returnMsg?: string; data?: unknown; response?: string } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // Not the portal's envelope (a balancer's error page): the status says what happened.
    }
    const data = json.response
      ? (JSON.parse(c.utf8Decode(await c.open(sym, key, c.fromBase64(json.response), c.utf8Encode(envelopeAad(method, path, 'response'))))) as unknown)
      : json.data;
    return { status: res.status, retryAfter: res.headers.get('retry-after'), serverTiming: res.headers.get('server-timing'), returnCode: json.returnCode ?? '', returnMsg: json.returnMsg ?? text.slice(0, 200), data };
  }

  /** `exchange`, answering the opened `data` of a success and throwing on anything else. */
  async function send(path: string, value: unknown, headers: Record<string, string>) {
    const answer = await exchange(path, value, headers);
    if (answer.returnCode !== '000000') throw new Error(`${path} refused: ${answer.status} ${answer.returnCode} ${answer.returnMsg}`);
    return answer.data;
  }

  const loginStarted = performance.now();
  const loginAnswer = await exchange(apiPath(authApi.login), value, { rev });
  const loginMs = performance.now() - loginStarted;
  if (loginAnswer.returnCode !== '000000') throw new Error(`login refused: ${loginAnswer.status} ${loginAnswer.returnCode} ${loginAnswer.returnMsg}`);
  const data = loginAnswer.data as { access_token: string };
  const headers = { ...API_HEADERS, rev, authorization: `Bearer ${data.access_token}` };
  /**
   * The input as sent: a signed operation's carries a fresh single-use challenge (`signChallenge`)
   * and `signMsg`, the device key's signature of its signing data, as the web client does. When
   * the challenge itself is refused (an outage), that answer instead.
   */
  const signed = async (op: AnyOperation, input: unknown): Promise<{ input: unknown } | { refused: Answer }> => {
    if (!op.signing) return { input };
    const asked = await exchange(apiPath(signingApi.signingChallenge), {}, headers);
    if (asked.returnCode !== '000000') return { refused: asked };
    const challenged = { ...(input as object), signChallenge: (asked.data as { challenge: string }).challenge };
    return { input: { ...challenged, signMsg: c.toBase64(await c.sm2Sign(device.privateKey, c.utf8Encode(signingDataToSend(op, challenged)))) } };
  };
  /** The input signed, or throws with the challenge's refusal. */
  const signedOrThrow = async (op: AnyOperation, input: unknown) => {
    const ready = await signed(op, input);
    if ('refused' in ready) throw new Error(`signing challenge refused: ${ready.refused.status} ${ready.refused.returnCode} ${ready.refused.returnMsg}`);
    return ready.input;
  };
  return {
    headers,
    /** The session key behind `rev` and its cipher, to seal calls by hand (a load generator's fixed body). */
    session: { sym, key },
    /** The login call as this client saw it: its round trip and the server's Server-Timing. */
    login: { ms: loginMs, serverTiming: loginAnswer.serverTiming },
    /** A session POST operation; answers its (opened) `data`. */
    call: async (op: AnyOperation, input: unknown) => send(apiPath(op), await signedOrThrow(op, input), headers),
    /** A session operation (a GET without a query) with extra headers (an `Idempotency-Key`): the whole answer, whatever it is. */
    request: async (op: AnyOperation, input: unknown, extraHeaders: Record<string, string> = {}) => {
      const ready = await signed(op, input);
      return 'refused' in ready ? ready.refused : exchange(apiPath(op), ready.input, { ...headers, ...extraHeaders }, op.method);
    },
  };
}
