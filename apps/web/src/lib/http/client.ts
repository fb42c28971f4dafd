import { portalCrypto as c } from '@portal/crypto';
import { RETURN_CODES, SUCCESS_CODE, envelopeAad, replaySigningString } from '@portal/shared';
import { DOWNLOAD_FAILURE_MESSAGE, DownloadError, downloadBlob } from '../download';
import { API_BASE, BASE_HEADERS } from './api-base';
import { notify } from './notifier';
import { resetSessionKey, sessionKey, type SessionKey } from './session-key';
import { clearToken, getToken } from './token';
import { NoResponseError, transport } from './transport';

/** Spec §8 messages of the client itself. */
export const HTTP_MESSAGES = {
  unauthorized: '认证失败，请重新登录！',
  serviceError: '服务访问异常',
  noResponse: '连接服务器失败',
} as const;

/**
 * A refused or failed call; `code` is the returnCode when the server sent one, `data` the
 * refusal's `data` (a 040007 login answer carries the change ticket there).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number | undefined,
    readonly data: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** POST body. */
  data?: unknown;
  /** GET query. */
  params?: Record<string, unknown>;
  /** The caller shows refusals itself (login: 040007 opens a dialog instead of a message). */
  silent?: boolean;
}

interface Envelope {
  returnCode?: string;
  returnMsg?: string;
  data?: unknown;
  response?: string;
}

// The server no longer knows our key (its keys rotated, or it restarted without the cache):
// negotiate again and retry once.
const STALE_KEY_CODES: ReadonlySet<string> = new Set([
  RETURN_CODES.REV_MISSING.code,
  RETURN_CODES.REV_INVALID.code,
  RETURN_CODES.DECRYPT_FAILED.code,
]);

async function signedHeaders(sk: SessionKey, method: string, pathname: string, body: string) {
  const timestamp = String(Date.now());
  const nonce = c.randomHex(16);
  const digest = c.toHex(await c.digest(sk.sym, c.utf8Encode(body)));
  const sign = c.toBase64(await c.mac(sk.sym, sk.key, c.utf8Encode(replaySigningString(method, pathname, timestamp, nonce, digest))));
  return { 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-sign': sign };
}

/** Builds the wire request of spec §7 / WIRE.md: headers, envelope, anti-replay signature. */
async function send(path: string, options: RequestOptions, accept: string) {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { ...BASE_HEADERS, accept };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const sk = await sessionKey();
  headers.rev = sk.rev;
  const pathname = API_BASE + path;
  const encrypted = sk.encryptedPaths.has(path);
  const aad = c.utf8Encode(envelopeAad(method, pathname, 'request'));

  let url = pathname;
  let body = '';
  if (method === 'GET') {
    const params = Object.fromEntries(Object.entries(options.params ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    if (encrypted && Object.keys(params).length > 0) {
      url += `?request=${c.toBase64Url(await c.seal(sk.sym, sk.key, c.utf8Encode(JSON.stringify(params)), aad))}`;
    } else if (Object.keys(params).length > 0) {
      url += `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
    }
  } else {
    const plain = JSON.stringify(options.data ?? {});
    body = encrypted ? JSON.stringify({ request: c.toBase64(await c.seal(sk.sym, sk.key, c.utf8Encode(plain), aad)) }) : plain;
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, await signedHeaders(sk, method, pathname, body));
  const res = await transport(url, { method, headers, ...(method === 'GET' ? {} : { body }) });
  return { res, sk, pathname, method };
}

/** `send`, where no answer at all becomes what the kind of call says (spec §8 differs by kind). */
async function sendOr(path: string, options: RequestOptions, accept: string, noResponse: () => never) {
  try {
    return await send(path, options, accept);
  } catch (err) {
    if (err instanceof NoResponseError) noResponse();
    throw err;
  }
}

async function readEnvelope(res: Response): Promise<Envelope | undefined> {
  try {
    return (await res.json()) as Envelope;
  } catch {
    return undefined;
  }
}

function fail(message: string, code: string | undefined, status: number | undefined, silent?: boolean, data?: unknown): never {
  if (!silent) notify().error(message);
  throw new ApiError(message, code, status, data);
}

function unauthorized(envelope: Envelope | undefined): never {
  clearToken();
  notify().unauthorized(envelope?.returnMsg);
  throw new ApiError(HTTP_MESSAGES.unauthorized, envelope?.returnCode, 401);
}

/**
 * The one HTTP client (ARCHITECTURE §6). Resolves with the plain `data` of a '000000' answer;
 * anything else rejects with an ApiError after showing the spec §8 message.
 */
export async function request<T>(path: string, options: RequestOptions = {}, retried = false): Promise<T> {
  const { res, sk, pathname, method } = await sendOr(path, options, 'application/json', () =>
    fail(HTTP_MESSAGES.noResponse, undefined, undefined, options.silent),
  );
  const envelope = await readEnvelope(res);
  if (res.status === 401) unauthorized(envelope);
  if (envelope?.returnCode && STALE_KEY_CODES.has(envelope.returnCode) && !retried) {
    resetSessionKey();
    return request<T>(path, options, true);
  }
  if (res.ok && envelope?.returnCode === SUCCESS_CODE) {
    if (envelope.response === undefined) return (envelope.data ?? null) as T;
    const aad = c.utf8Encode(envelopeAad(method, pathname, 'response'));
    const plain = await c.open(sk.sym, sk.key, c.fromBase64(envelope.response), aad);
    return JSON.parse(c.utf8Decode(plain)) as T;
  }
  // Business refusals (any 2xx/4xx answer in our envelope) show the server's message;
  // server failures and foreign answers show '{path},{message}' or the generic text.
  if (envelope?.returnCode && res.status < 500) {
    fail(envelope.returnMsg || HTTP_MESSAGES.serviceError, envelope.returnCode, res.status, options.silent, envelope.data ?? undefined);
  }
  const message = envelope?.returnMsg ? `${path},${envelope.returnMsg}` : HTTP_MESSAGES.serviceError;
  return fail(message, envelope?.returnCode, res.status, options.silent);
}

/** A blob call (spec §7 downloads): saves the file, or shows '文件下载失败！' / '下载异常，请联系管理员！'. */
export async function download(path: string, data?: unknown, fallbackName?: string): Promise<string> {
  const { res } = await sendOr(path, { method: 'POST', data }, 'application/octet-stream, application/json', () =>
    fail(DOWNLOAD_FAILURE_MESSAGE, undefined, undefined),
  );
  if (res.status === 401) unauthorized(await readEnvelope(res));
  try {
    return await downloadBlob(res, fallbackName);
  } catch (err) {
    if (err instanceof DownloadError) fail(err.message, undefined, res.status);
    throw err;
  }
}

/** An image answer (the captcha): the blob and the `rev` the server bound it to. */
export async function image(path: string): Promise<{ blob: Blob; rev: string }> {
  const { res, sk } = await sendOr(path, { method: 'POST' }, 'image/*, application/json', () => {
    throw new ApiError(HTTP_MESSAGES.noResponse, undefined, undefined);
  });
  if (res.status === 401) unauthorized(await readEnvelope(res));
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) {
    const envelope = await readEnvelope(res);
    throw new ApiError(envelope?.returnMsg || HTTP_MESSAGES.serviceError, envelope?.returnCode, res.status);
  }
  return { blob: await res.blob(), rev: sk.rev };
}

export const http = {
  get: <T>(path: string, params?: Record<string, unknown>, options: Omit<RequestOptions, 'method' | 'params'> = {}) =>
    request<T>(path, { ...options, method: 'GET', ...(params ? { params } : {}) }),
  post: <T>(path: string, data?: unknown, options: Omit<RequestOptions, 'method' | 'data'> = {}) =>
    request<T>(path, { ...options, method: 'POST', data }),
  download,
  /** Fails without showing anything: the caller shows its own message (captcha: '获取图形验证码失败！'). */
  image,
};
