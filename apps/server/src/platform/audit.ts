import { wellFormed, type AuditEventCode } from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import { Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { AppError } from '../plugins/errors';
import { markWrite } from '../plugins/idempotency';
import { appendAuditEntry } from './audit.queries';

/**
 * The proof a signed operation carried (docs/signing.md), kept with its audit entries so the
 * signature can be checked again later from the audit log alone: the signing data, the signature
 * and the device's public key (not a secret).
 */
export interface AuditedSignature {
  /** The VerifySign code: the signing data's first field. */
  code: string;
  data: string;
  signMsg: string;
  deviceKey: string;
  /** The key's first 18 hex characters, as the login entry names the device. */
  device: string;
  /** The certificate whose key signed, for sessions of the certificate edition. */
  certSerial?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the operation's signature is verified (verify-signature.ts). */
    operationSignature?: AuditedSignature;
  }
}

export interface AuditEvent {
  event: AuditEventCode;
  outcome: 'success' | 'failure';
  userId?: number | null;
  userNo?: string | null;
  enterpriseNo?: string | null;
  username?: string | null;
  /** Never a password, token, captcha answer or key: callers pass reasons and ids only. */
  detail?: Record<string, unknown>;
}

/**
 * Appends to the audit log (append-only in the database), with the request's address and id,
 * and the operation's verified signature when it had one. Given a write's transaction, the entry
 * commits or rolls back with the write it records.
 */
export async function recordAudit(target: Database | Kysely<DB>, request: FastifyRequest, event: AuditEvent): Promise<void> {
  const db = target instanceof Kysely ? target : target.db;
  // A write's success is recorded in its transaction: its Idempotency-Key commits with it.
  if (event.outcome === 'success' && db.isTransaction) await markWrite(db as Transaction<DB>, request);
  // A partner's session acts as its client's seat: its entries name that seat and its person, and,
  // as username, the client (no person logged in).
  const seat = request.session?.userNo ? request.session : undefined;
  await appendAuditEntry(db, {
    event: event.event,
    outcome: event.outcome,
    user_id: event.userId ?? seat?.userId ?? null,
    user_no: event.userNo ?? seat?.userNo ?? null,
    enterprise_no: event.enterpriseNo ?? request.session?.enterpriseNo ?? null,
    username: event.username ?? request.session?.username ?? null,
    client_ip: request.ip,
    request_id: request.id,
    // Whatever text a refusal quotes, the entry is written: PostgreSQL refuses lone surrogates in jsonb.
    detail: JSON.stringify({ ...event.detail, ...(request.operationSignature ? { signature: request.operationSignature } : {}) }, (_key, value: unknown) =>
      typeof value === 'string' ? wellFormed(value) : value,
    ),
  });
}

/**
 * A business write in one transaction with its audit entry: on success with the detail the work
 * returns (before/after, never a secret), on a refusal (an AppError) with its reason, written
 * after the rollback so the entry survives it.
 */
export async function auditedTransaction<T>(
  database: Database,
  request: FastifyRequest,
  event: AuditEventCode,
  target: Record<string, unknown>,
  now: Date,
  work: (trx: Transaction<DB>, now: Date) => Promise<{ result: T; detail: Record<string, unknown> }>,
): Promise<T> {
  try {
    return await database.db.transaction().execute(async (trx) => {
      const { result, detail } = await work(trx, now);
      await recordAudit(trx, request, { event, outcome: 'success', detail: { ...target, ...detail } });
      return result;
    });
  } catch (err) {
    if (err instanceof AppError) await recordAudit(database, request, { event, outcome: 'failure', detail: { ...target, reason: err.message } });
    throw err;
  }
}
