import { portalCrypto as c, type KeyPair } from '@portal/crypto/node';
import { OPERATIONS, loginSigningString, operationPath, signingApi, signingDataToSend } from '@portal/shared';
import { connectEnvelope, type ClientTarget } from './envelope-client';

export const TEST_CAPTCHA = 'ABCDE';

/**
 * A browser's login as docs/wire.md describes it, done from Node: captcha bound to `rev`, server
 * random, `zctgPassword`, device-key signature (a new key unless `device` is given), encrypted
 * login call.
 */
export async function loginClient(app: ClientTarget, options: { device?: KeyPair } = {}) {
  const envelope = await connectEnvelope(app);
  const device = options.device ?? (await c.sm2GenerateKeyPair());
  const { appAsymmetricEncryptionType: asym, appAsymmetricEncryptionPublicKey: serverKey } = envelope.negotiated;

  const captcha = async (rev = envelope.rev) =>
    app.inject({ method: 'POST', url: '/pmobile/captcha/picture/createCode', headers: { ...envelope.headers, rev } });
  const random = async () =>
    (await app.inject({ method: 'POST', url: '/pmobile/customer/Random', headers: envelope.headers })).json().data?.random as string;
  const seal = (password: string, serverRandom: string, clientRandom: string) =>
    c.asymEncrypt(asym, serverKey, c.utf8Encode(JSON.stringify({ password, random: serverRandom, randomClient: clientRandom })));

  async function attempt(
    username: string,
    password: string,
    overrides: { captcha?: string; random?: string; fetchCaptcha?: boolean; signWith?: string; signed?: string; userNo?: string; channel?: 'web' | 'mobile' } = {},
  ) {
    if (overrides.fetchCaptcha !== false) await captcha();
    const serverRandom = overrides.random ?? (await random());
    const clientRandom = c.randomHex(16);
    const signed = overrides.signed ?? loginSigningString(username, serverRandom, clientRandom, '0');
    const signMsg = c.toBase64(await c.sm2Sign(overrides.signWith ?? device.privateKey, c.utf8Encode(signed)));
    const zctgPassword = await seal(password, serverRandom, clientRandom);
    return envelope.post('/pmobile/admin/login/token', {
      username,
      password: zctgPassword,
      captcha: overrides.captcha ?? TEST_CAPTCHA,
      lastRev: envelope.rev,
      loginFlag: 4,
      ...(overrides.userNo ? { userNo: overrides.userNo } : {}),
      ...(overrides.channel ? { channel: overrides.channel } : {}),
      extension: { loginType: '0', zctgPassword, random: serverRandom, randomClient: clientRandom, key: device.publicKey, signMsg, channelCode: 'WY' },
    });
  }

  /** Logs in and returns the access token (throws on any refusal). */
  async function token(username: string, password: string): Promise<string> {
    const { json, data } = await attempt(username, password);
    if (json.returnCode !== '000000') throw new Error(`login refused: ${json.returnCode} ${json.returnMsg}`);
    return (data as { access_token: string }).access_token;
  }

  /** The three control values of a password change over one server random. */
  async function changeFields(oldPassword: string, newPassword: string, confirm = newPassword) {
    const serverRandom = await random();
    const [o, n, f] = [c.randomHex(16), c.randomHex(16), c.randomHex(16)];
    return {
      oldPassword: await seal(oldPassword, serverRandom, o),
      newPassword: await seal(newPassword, serverRandom, n),
      confirmPassword: await seal(confirm, serverRandom, f),
      base64ServerRandom: serverRandom,
      oldClientRandom: o,
      newClientRandom: n,
      confirmClientRandom: f,
    };
  }

  const prefixes = { customerPrefix: app.config.CUSTOMER_PREFIX, gatewayPrefix: app.config.GATEWAY_PREFIX };
  const pathOf = (op: { path: string }) => `${app.config.API_BASE}${operationPath(op, prefixes)}`;
  const signedAt = new Map(OPERATIONS.filter((op) => op.signing).map((op) => [pathOf(op), op]));

  /** A fresh single-use challenge of the session, as the web client fetches before each signature. */
  async function challenge(accessToken: string): Promise<string> {
    const res = await envelope.post(pathOf(signingApi.signingChallenge), {}, { authorization: `Bearer ${accessToken}` });
    const issued = (res.data as { challenge?: string } | null)?.challenge;
    if (!issued) throw new Error(`no signing challenge: ${res.json.returnCode} ${res.json.returnMsg}`);
    return issued;
  }

  /** `signMsg` for a body of the signed operation at `path`, its `signChallenge` included; by this client's device key unless told. */
  async function sign(path: string, value: unknown, privateKey = device.privateKey) {
    const op = signedAt.get(path);
    if (!op) throw new Error(`${path} is not a signed operation`);
    return c.toBase64(await c.sm2Sign(privateKey, c.utf8Encode(signingDataToSend(op, value))));
  }

  /** A body for the signed operation at `path` as the web client sends it: a fresh challenge, signed with it. */
  async function signed<T extends object>(path: string, value: T, accessToken: string, privateKey = device.privateKey) {
    const body = { ...value, signChallenge: await challenge(accessToken) };
    return { ...body, signMsg: await sign(path, body, privateKey) };
  }

  /**
   * A session call: encrypted or not as the gateway says, with the Bearer token. A signed
   * operation's body gets a fresh challenge unless it names `signChallenge` itself, and is signed
   * with the device key, as the web client does, unless it names `signMsg` itself (`undefined`
   * sends none).
   */
  const call = async (path: string, value: unknown, accessToken: string, extra: Record<string, string> = {}) => {
    const op = signedAt.get(path);
    let body = value;
    if (op && typeof value === 'object' && value !== null) {
      if (!('signChallenge' in value)) body = { ...value, signChallenge: await challenge(accessToken) };
      if (!('signMsg' in value)) body = { ...(body as object), signMsg: await sign(path, body) };
    }
    return envelope.post(path, body, { authorization: `Bearer ${accessToken}`, ...extra });
  };

  /** A session GET with its query (sealed on encrypted paths). */
  const get = (path: string, query: Record<string, unknown>, accessToken: string, extra: Record<string, string> = {}) =>
    envelope.get(path, query, { authorization: `Bearer ${accessToken}`, ...extra });

  return { envelope, device, captcha, random, attempt, token, changeFields, challenge, sign, signed, call, get };
}
