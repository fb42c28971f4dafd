import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { RETURN_CODES, type AnyOperation } from '@portal/shared';
import { sha256Hex } from '../sha256';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { AppError } from './errors';
import { findKey, forgetKeysBefore, keepAnswer, markKey, type KeyRow } from './idempotency.queries';

/**
 * Idempotency-Key on every write (docs/platform/idempotency.md). The key is marked in the write's
 * own transaction (by the audit writer, which every write calls), so a key stands for exactly the
 * writes that committed, whatever instance or crash; the answer is kept after. A retry with the
 * key and the same request gets the first answer; with another request, 409.
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

/** The request's key for a write that takes one; undefined when it sent none. */
export function keyOf(request: FastifyRequest, operation: AnyOperation, input: unknown): KeyRow | undefined {
  const header = request.headers['idempotency-key'];
  const session = request.session;
  if (header === undefined || !operation.idempotent || !session) return undefined;
  if (typeof header !== 'string' || !KEY.test(header)) throw new AppError(RETURN_CODES.IDEMPOTENCY_KEY_INVALID);
  return {
    scope: session.partnerClientId ? `p:${session.partnerClientId}` : `u:${session.userId}`,
    idem_key: header,
    operation_id: operation.id,
    body_sha256: digest(operation, input),
    request_id: request.id,
  };
}

type Prior = { answer: unknown } | undefined;

/** The first answer for the key, if its request committed; refuses a key used for another request. */
async function prior(database: Database, row: KeyRow, waitMs: number): Promise<Prior> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const seen = await findKey(database.db, row.scope, row.idem_key);
    if (!seen) return undefined;
    if (seen.operation_id !== row.operation_id || seen.body_sha256 !== row.body_sha256) throw new AppError(RETURN_CODES.IDEMPOTENCY_KEY_REUSED);
    if (seen.answered) return { answer: seen.answer };
    if (Date.now() >= deadline) throw new AppError(RETURN_CODES.IDEMPOTENCY_IN_PROGRESS);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs a write under its key: the first answer when the key already committed, otherwise the
 * write, whose answer is kept for the key's retries. A concurrent twin that lost the race for
 * the key, or was refused because the winner's write came first, answers what the winner answered.
 */
export async function runOnce<T>(database: Database, request: FastifyRequest, row: KeyRow, write: () => Promise<T>): Promise<T> {
  const before = await prior(database, row, 0);
  if (before) return before.answer as T;
  request.idempotency = row;
  let result: T;
  try {
    result = await write();
  } catch (err) {
    if (!(err instanceof KeyTakenError)) {
      // A twin that committed first may be why this one was refused (its new row already exists:
      // 用户名已存在): its answer is this request's too. No twin: the refusal stands.
      const twin = await prior(database, row, WAIT_FOR_ANSWER_MS).catch(() => undefined);
      if (twin) return twin.answer as T;
      throw err;
    }
    const winner = await prior(database, row, WAIT_FOR_ANSWER_MS);
    if (!winner) throw new AppError(RETURN_CODES.IDEMPOTENCY_IN_PROGRESS);
    return winner.answer as T;
  }
  await keepAnswer(database.db, row, JSON.stringify(result ?? null));
  await forgetKeysBefore(database.db, row.scope, IDEMPOTENCY_KEEP_MS);
  return result;
}

/** Called by the audit writer inside a successful write's transaction. */
export async function markWrite(trx: Transaction<DB>, request: FastifyRequest) {
  const row = request.idempotency;
  if (row && !(await markKey(trx, row))) throw new KeyTakenError();
}
