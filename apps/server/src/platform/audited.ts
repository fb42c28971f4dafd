import type { AuditEventCode } from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { AppError } from '../plugins/errors';
import { recordAudit } from './audit';

/**
 * Runs an administrative write and audits it: on success with the detail the write returns
 * (before/after, never a password), on a refusal with its reason. The write's own transaction
 * has rolled back before the refusal is recorded, so the entry survives it.
 */
export async function audited<T>(
  database: Database,
  request: FastifyRequest,
  event: AuditEventCode,
  target: Record<string, unknown>,
  write: () => Promise<{ result: T; detail: Record<string, unknown> }>,
): Promise<T> {
  try {
    const { result, detail } = await write();
    await recordAudit(database, request, { event, outcome: 'success', detail: { ...target, ...detail } });
    return result;
  } catch (err) {
    if (err instanceof AppError) await recordAudit(database, request, { event, outcome: 'failure', detail: { ...target, reason: err.message } });
    throw err;
  }
}
