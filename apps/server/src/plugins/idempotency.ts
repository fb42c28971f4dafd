import { hkdfSync } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { portalCrypto } from '@portal/crypto';
import { RETURN_CODES, type AnyOperation } from '@portal/shared';
import { sha256Hex } from '../sha256';
import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { KvUnavailableError } from '../kv/kv-store';
import type { DB } from '../db/schema';
import { AppError } from './errors';
import { findKey, forgetKeysBefore, keepAnswer, markKey, type KeyRow } from './idempotency.queries';

/**
 * Idempotency-Key on every write (docs/platform/idempotency.md). The key is marked in the write's
 * own transaction (by the audit writer, which every write calls), so a key stands for exactly the
 * writes that committed, whatever instance or crash; the answer is kept after. A retry with the
 * key and the same request gets the first answer; with another request, 409. The table keeps
 * neither the key nor the answer in the clear: an answer may be a secret (an activation code, an
 * initial password, a client secret), so it is sealed under a key only the header's value gives.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The write's key, once the operation accepted it: the audit writer marks it in the write's transaction. */
    idempotency?: KeyRow;
  }
}

/** How long a key answers its retries. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
// A retry that arrives while the first request is still finishing waits this long for its answer.
const WAIT_FOR_ANSWER_MS = 3_000;
// A key's request in flight, on every instance: a twin waits for it instead of racing it. Longer
// than any write takes; a crashed instance's claim lapses by itself.
const IN_FLIGHT_MS = 30_000;
const IN_FLIGHT_WAIT_MS = 10_000;
const KEY = /^[\x21-\x7e]{1,100}$/;
// Not part of what a key stands for: a retry may be signed again (SM2 signs afresh each time),
// over a new single-use signing challenge.
const UNSIGNED = new Set(['signMsg', 'signChallenge']);

/** Thrown in a write's transaction when another request holds its key: the write rolls back. */
export class KeyTakenError extends Error {
  constructor() {
    super('idempotency key taken by another request');
  }
}

function digest(operation: AnyOperation, input: unknown): string {
  const content = input && typeof input === 'object' && !Array.isArray(input) ? Object.fromEntries(Object.entries(input).filter(([k]) => !UNSIGNED.has(k))) : input;
  return sha256Hex(`${operation.id}\n${JSON.stringify(content) ?? ''}`);
}

/** A write's key: the row that marks it, and the header's value, which seals its answer and is never stored. */
export interface WriteKey {
  row: KeyRow;
  header: string;
}

/** The request's key for a write that takes one; undefined when it sent none. */
export function keyOf(request: FastifyRequest, operation: AnyOperation, input: unknown): WriteKey | undefined {
  const header = request.headers['idempotency-key'];
  const session = request.session;
  if (header === undefined || !operation.idempotent || !session) return undefined;
  if (typeof header !== 'string' || !KEY.test(header)) throw new AppError(RETURN_CODES.IDEMPOTENCY_KEY_INVALID);
  const scope = session.partnerClientId ? `p:${session.partnerClientId}` : `u:${session.userId}`;
  return {
    row: { scope, key_sha256: sha256Hex(`${scope}\n${header}`), operation_id: operation.id, body_sha256: digest(operation, input), request_id: request.id },
    header,
  };
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * The answer's AES-256-GCM key, derived (HKDF-SHA256) from the header's value, with the scope and
 * operation as salt and info: a database reader, who sees only the value's SHA-256, cannot derive it.
 */
const sealingKey = ({ row, header }: WriteKey) =>
  new Uint8Array(hkdfSync('sha256', header, `idempotency answer ${row.scope}`, `operation ${row.operation_id}`, 32));
// Binds a sealed answer to the row it is kept in: it opens for this request under this key only.
const aad = ({ row }: WriteKey) => utf8(`${row.scope}|${row.operation_id}|${row.body_sha256}`);

/** The answer's JSON (null for a success without data, so a kept answer is never SQL NULL), sealed: IV, ciphertext, tag. */
async function seal(key: WriteKey, answer: unknown): Promise<Uint8Array> {
  const iv = portalCrypto.randomBytes(IV_BYTES);
  const { ciphertext, tag } = await portalCrypto.aesGcmEncrypt(sealingKey(key), iv, utf8(JSON.stringify(answer ?? null)), aad(key));
  const sealed = new Uint8Array(IV_BYTES + ciphertext.length + TAG_BYTES);
  sealed.set(iv);
  sealed.set(ciphertext, IV_BYTES);
  sealed.set(tag, IV_BYTES + ciphertext.length);
  return sealed;
}

async function open(key: WriteKey, sealed: Uint8Array): Promise<unknown> {
  const end = sealed.length - TAG_BYTES;
  const plain = await portalCrypto.aesGcmDecrypt(sealingKey(key), sealed.subarray(0, IV_BYTES), sealed.subarray(IV_BYTES, end), sealed.subarray(end), aad(key));
  return JSON.parse(new TextDecoder().decode(plain));
}

type Prior = { answer: unknown } | undefined;

/** The first answer for the key, if its request committed; refuses a key used for another request. */
async function prior(database: Database, key: WriteKey, waitMs: number): Promise<Prior> {
  const { row } = key;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const seen = await findKey(database.db, row.scope, row.key_sha256);
    if (!seen) return undefined;
    if (seen.operation_id !== row.operation_id || seen.body_sha256 !== row.body_sha256) throw new AppError(RETURN_CODES.IDEMPOTENCY_KEY_REUSED);
    // Only SQL NULL means "not kept yet"; a success without data keeps sealed JSON null.
    if (seen.answer !== null) return { answer: await open(key, seen.answer) };
    if (Date.now() >= deadline) throw new AppError(RETURN_CODES.IDEMPOTENCY_IN_PROGRESS);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs a write under its key: the first answer when the key already committed, otherwise the
 * write, whose answer is kept for the key's retries. While it runs, the key is claimed in the
 * KvStore, so a twin sent at the same moment to any instance waits for this answer instead of
 * racing the write (some writes mark their key only after their own commit). A twin that still
 * lost the race for the key, or was refused because the winner's write came first, answers what
 * the winner answered.
 */
export async function runOnce<T>(ctx: Pick<AppContext, 'database' | 'kv'>, request: FastifyRequest, key: WriteKey, write: () => Promise<T>): Promise<T> {
  const { database, kv } = ctx;
  const claim = `idem:inflight:${key.row.key_sha256}`;
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  // Without the KvStore the write runs unclaimed: its key still guards it in the database.
  const take = () => kv.setIfAbsent(claim, request.id, IN_FLIGHT_MS).catch((err: unknown) => {
    if (err instanceof KvUnavailableError) return null;
    throw err;
  });
  let claimed: boolean | null;
  while (!(claimed = await take())) {
    if (claimed === null) return runClaimed(database, request, key, write);
    // The holder's answer once kept; "committed, answer not kept yet" is a reason to wait, not to refuse.
    const done = await prior(database, key, 0).catch((err: unknown) => {
      if (err instanceof AppError && err.entry === RETURN_CODES.IDEMPOTENCY_IN_PROGRESS) return undefined;
      throw err;
    });
    if (done) return done.answer as T;
    if (Date.now() >= deadline) throw new AppError(RETURN_CODES.IDEMPOTENCY_IN_PROGRESS);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await runClaimed(database, request, key, write);
  } finally {
    await kv.delete(claim).catch(() => undefined);
  }
}

async function runClaimed<T>(database: Database, request: FastifyRequest, key: WriteKey, write: () => Promise<T>): Promise<T> {
  const before = await prior(database, key, 0);
  if (before) return before.answer as T;
  request.idempotency = key.row;
  let result: T;
  try {
    result = await write();
  } catch (err) {
    if (!(err instanceof KeyTakenError)) {
      // A twin that committed first may be why this one was refused (its new row already exists:
      // 用户名已存在): its answer is this request's too. No twin: the refusal stands.
      const twin = await prior(database, key, WAIT_FOR_ANSWER_MS).catch(() => undefined);
      if (twin) return twin.answer as T;
      throw err;
    }
    const winner = await prior(database, key, WAIT_FOR_ANSWER_MS);
    if (!winner) throw new AppError(RETURN_CODES.IDEMPOTENCY_IN_PROGRESS);
    return winner.answer as T;
  }
  await keepAnswer(database.db, key.row, await seal(key, result));
  await forgetKeysBefore(database.db, key.row.scope, IDEMPOTENCY_KEEP_MS);
  return result;
}

/** Called by the audit writer inside a successful write's transaction. */
export async function markWrite(trx: Transaction<DB>, request: FastifyRequest) {
  const row = request.idempotency;
  if (row && !(await markKey(trx, row))) throw new KeyTakenError();
}
