import { portalCrypto as c } from '@portal/crypto';
import {
  ENVELOPE_HEADERS,
  RETURN_CODES,
  SUCCESS_CODE,
  downloadTicketSchema,
  envelopeAad,
  filesApi,
  replaySigningString,
  signingApi,
  type AnyOperation,
  type OperationData,
  type OperationInput,
} from '@portal/shared';
import { DOWNLOAD_FAILURE_MESSAGE, DownloadError, downloadBlob } from '../download';
import { SigningDataTooLongError, signOperation } from '../signing';
import { API_BASE, BASE_HEADERS, apiUrl, pathOf } from './api-base';
import { notify } from './notifier';
import { freshRev, refreshApiList, resetSessionKey, sessionKey, type SessionKey } from './session-key';
import { ApiError } from '../api-error';
import { clearToken, getToken } from '../session-token';
import { NoResponseError, transport } from './transport';

/** Spec §8 messages of the client itself. */
export const HTTP_MESSAGES = {
  unauthorized: '认证失败，请重新登录！',
  serviceError: '服务访问异常',
  noResponse: '连接服务器失败',
  retrying: '服务暂不可用，正在重新提交',
} as const;

/** A write is sent at most this many times when the service is unavailable (503) or does not answer. */
export const WRITE_ATTEMPTS = 4;
/** Waits before attempts 2, 3 and 4: 1, 2, 4 s (the server's Retry-After is 3 s; a blip is usually over within it). */
const backoffMs = (attempt: number) => 1000 * 2 ** (attempt - 2);


export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** POST body. */
  data?: unknown;
  /** GET query. */
  params?: Record<string, unknown>;
  /** The caller shows refusals itself (login: 040007 opens a dialog instead of a message). */
  silent?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key` so a retried submit creates one record. */
  headers?: Record<string, string>;
  /** A `rev` of its own instead of the session's (the captcha's, spec §7). */
  rev?: string;
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

/** Builds the wire request of spec §7 / docs/wire.md: headers, envelope, anti-replay signature. */
async function send(path: string, options: RequestOptions, accept: string) {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { ...options.headers, ...BASE_HEADERS, accept };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const sk = await sessionKey();
  headers.rev = options.rev ?? sk.rev;
  if (sk.apiVersion) headers[ENVELOPE_HEADERS.apiVersion] = sk.apiVersion;
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
  const res = await transport(apiUrl(url), { method, headers, ...(method === 'GET' ? {} : { body }) });
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

/** The `data` of a sealed success (docs/wire.md: the AAD names the call and the direction). */
async function openResponse(sk: SessionKey, method: string, pathname: string, response: string): Promise<unknown> {
  const aad = c.utf8Encode(envelopeAad(method, pathname, 'response'));
  return JSON.parse(c.utf8Decode(await c.open(sk.sym, sk.key, c.fromBase64(response), aad))) as unknown;
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
async function request<T>(path: string, options: RequestOptions = {}, retried = false): Promise<T> {
  const { res, sk, pathname, method } = await sendOr(path, options, 'application/json', () =>
    fail(HTTP_MESSAGES.noResponse, undefined, undefined, options.silent),
  );
  const envelope = await readEnvelope(res);
  if (res.status === 401) unauthorized(envelope);
  // Staff changed the API catalogue since we read it: read the list again (same key, same `rev`,
  // so a captcha bound to it still holds) and retry once.
  if (envelope?.returnCode === RETURN_CODES.API_LIST_STALE.code && !retried) {
    await refreshApiList();
    return request<T>(path, options, true);
  }
  if (envelope?.returnCode && STALE_KEY_CODES.has(envelope.returnCode) && !retried) {
    resetSessionKey();
    return request<T>(path, options, true);
  }
  if (res.ok && envelope?.returnCode === SUCCESS_CODE) {
    if (envelope.response === undefined) return (envelope.data ?? null) as T;
    return (await openResponse(sk, method, pathname, envelope.response)) as T;
  }
  // Business refusals (any 2xx/4xx answer in our envelope) show the server's message;
  // server failures and foreign answers show '{path},{message}' or the generic text.
  if (envelope?.returnCode && res.status < 500) {
    fail(envelope.returnMsg || HTTP_MESSAGES.serviceError, envelope.returnCode, res.status, options.silent, envelope.data ?? undefined);
  }
  const message = envelope?.returnMsg ? `${path},${envelope.returnMsg}` : HTTP_MESSAGES.serviceError;
  return fail(message, envelope?.returnCode, res.status, options.silent);
}

const FILE_ACCEPT = 'application/octet-stream, application/json';

/**
 * A file operation (spec §7 downloads). On a path the gateway encrypts the answer is a sealed
 * `{ticket, fileName}` and the file is fetched once by ticket; otherwise the answer is the file.
 * A refusal in our envelope shows the server's reason (a list too long to download says so);
 * a stale API list or key is renewed and the download asked once more, as for any call.
 */
async function download(op: AnyOperation, data: unknown, fallbackName?: string, retried = false): Promise<string> {
  const noResponse = () => fail(DOWNLOAD_FAILURE_MESSAGE, undefined, undefined);
  const asked = await sendOr(pathOf(op), { method: op.method, data }, FILE_ACCEPT, noResponse);
  let { res } = asked;
  if (res.status === 401) unauthorized(await readEnvelope(res));
  const envelope = (res.headers.get('content-type') ?? '').includes('json') ? await readEnvelope(res.clone()) : undefined;
  const code = envelope?.returnCode;
  if (code && code !== SUCCESS_CODE) {
    if (code === RETURN_CODES.API_LIST_STALE.code && !retried) {
      await refreshApiList();
      return download(op, data, fallbackName, true);
    }
    if (STALE_KEY_CODES.has(code) && !retried) {
      resetSessionKey();
      return download(op, data, fallbackName, true);
    }
    if (res.status < 500) fail(envelope?.returnMsg || DOWNLOAD_FAILURE_MESSAGE, code, res.status);
  }
  let fileName = fallbackName;
  if (res.ok && code === SUCCESS_CODE && envelope?.response !== undefined) {
    // Opened with the key that sealed it, even if another call renegotiated meanwhile.
    const ticket = downloadTicketSchema.parse(await openResponse(asked.sk, op.method, asked.pathname, envelope.response));
    fileName = ticket.fileName;
    ({ res } = await sendOr(pathOf(filesApi.fileDownload), { method: 'GET', params: { ticket: ticket.ticket } }, FILE_ACCEPT, noResponse));
    if (res.status === 401) unauthorized(await readEnvelope(res));
  }
  try {
    return await downloadBlob(res, fileName, op.fileTypes);
  } catch (err) {
    if (err instanceof DownloadError) fail(err.message, undefined, res.status);
    throw err;
  }
}

/**
 * An image answer (the captcha): the blob and the `rev` the server bound it to. Spec §7: each
 * fetch sends a fresh `rev`, so a captcha is bound to that fetch alone, never to the page's key.
 */
async function image(path: string): Promise<{ blob: Blob; rev: string }> {
  const rev = await freshRev();
  const { res } = await sendOr(path, { method: 'POST', rev }, 'image/*, application/json', () => {
    throw new ApiError(HTTP_MESSAGES.noResponse, undefined, undefined);
  });
  if (res.status === 401) unauthorized(await readEnvelope(res));
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) {
    const envelope = await readEnvelope(res);
    throw new ApiError(envelope?.returnMsg || HTTP_MESSAGES.serviceError, envelope?.returnCode, res.status);
  }
  return { blob: await res.blob(), rev };
}

export interface CallOptions {
  /** The caller shows refusals itself (login: 040007 opens a dialog instead of a message). */
  silent?: boolean;
  /** Extra request headers (`Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** A signed operation's input needs no `signMsg` nor `signChallenge`: `call` adds them (docs/signing.md). */
type Unsigned<I> = I extends { signMsg: string } ? Omit<I, 'signMsg' | 'signChallenge'> & { signMsg?: string; signChallenge?: string } : I;
export type CallInput<Op> = Unsigned<OperationInput<Op>>;

/**
 * The input with a fresh single-use `signChallenge` and the device key's `signMsg` over both when
 * the contract declares signing (and the caller did not sign it already): every signed call of
 * the app passes here, so each signature is good for one request only. Signing data over 1,024
 * characters is refused here, before the operation is sent.
 */
async function signed(op: AnyOperation, input: unknown, options: CallOptions): Promise<unknown> {
  if (!op.signing || (typeof input === 'object' && input !== null && 'signMsg' in input)) return input;
  const { challenge } = await request<{ challenge: string }>(pathOf(signingApi.signingChallenge), { method: 'POST', silent: options.silent });
  const challenged = { ...(input as object), signChallenge: challenge };
  try {
    return { ...challenged, signMsg: await signOperation(op, challenged) };
  } catch (err) {
    if (err instanceof SigningDataTooLongError) fail(err.message, RETURN_CODES.SIGN_DATA_TOO_LONG.code, undefined, options.silent);
    throw err;
  }
}

/**
 * Calls an operation by its contract: path, method and the answer's type all come from it;
 * signed operations are signed. An upload is such a call too: its file travels as base64 in the
 * JSON body (see `lib/upload.ts`).
 */
async function call<Op extends AnyOperation>(op: Op, input?: CallInput<Op>, options: CallOptions = {}): Promise<OperationData<Op>> {
  if (op.kind !== 'json' && op.kind !== 'upload') throw new Error(`${op.id} is not a JSON or upload operation`);
  const once = async (callOptions: CallOptions) => {
    // Signed for each attempt: a signature's single-use server value does not outlive a refusal.
    const sent = await signed(op, input, callOptions);
    const carrier = op.method === 'GET' ? { params: (sent ?? {}) as Record<string, unknown> } : { data: sent };
    return request<OperationData<Op>>(pathOf(op), { ...callOptions, method: op.method, ...carrier });
  };
  if (!op.idempotent) return once(options);
  // A write carries one key for this action, so sending it again after a lost answer cannot do it twice.
  const key = options.headers?.['Idempotency-Key'] ?? c.randomHex(16);
  return withRetries((last) => once({ ...options, silent: options.silent || !last, headers: { ...options.headers, 'Idempotency-Key': key } }), options.silent);
}

/** No answer, or the server says it is unavailable: worth sending the same request again. */
const retryable = (err: unknown) => err instanceof ApiError && (err.status === 503 || (err.status === undefined && err.message === HTTP_MESSAGES.noResponse));

/** Runs `attempt` up to WRITE_ATTEMPTS times while it fails retryably, showing progress; the last failure is shown as usual. */
async function withRetries<T>(attempt: (last: boolean) => Promise<T>, silent?: boolean): Promise<T> {
  try {
    for (let n = 1; ; n++) {
      const last = n === WRITE_ATTEMPTS;
      try {
        return await attempt(last);
      } catch (err) {
        if (last || !retryable(err)) {
          // The silent attempts showed nothing (a 401 shows itself): this failure is the user's to read.
          if (!last && !silent && err instanceof ApiError && err.status !== 401) notify().error(err.message);
          throw err;
        }
        if (!silent) notify().retrying({ attempt: n + 1, of: WRITE_ATTEMPTS });
        await new Promise((resolve) => setTimeout(resolve, backoffMs(n + 1)));
      }
    }
  } finally {
    if (!silent) notify().retrying('done');
  }
}

export const http = {
  call,
  /** A file operation: saves the file, or shows '文件下载失败！' / '下载异常，请联系管理员！'. */
  download: <Op extends AnyOperation>(op: Op, input?: OperationInput<Op>, fallbackName?: string) => download(op, input, fallbackName),
  /** Fails without showing anything: the caller shows its own message (captcha: '获取图形验证码失败！'). */
  image: (op: AnyOperation) => image(pathOf(op)),
};
