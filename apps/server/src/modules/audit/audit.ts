import type { FastifyRequest } from 'fastify';
import { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

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
    /** Set once the operation's signature is verified (modules/signing). */
    operationSignature?: AuditedSignature;
  }
}

export interface AuditEvent {
  event: string;
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
  await db
    .insertInto('audit_log')
    .values({
      event: event.event,
      outcome: event.outcome,
      user_id: event.userId ?? request.session?.userId ?? null,
      user_no: event.userNo ?? request.session?.userNo ?? null,
      enterprise_no: event.enterpriseNo ?? request.session?.enterpriseNo ?? null,
      username: event.username ?? request.session?.username ?? null,
      client_ip: request.ip,
      request_id: request.id,
      detail: JSON.stringify({ ...event.detail, ...(request.operationSignature ? { signature: request.operationSignature } : {}) }),
    })
    .execute();
}
