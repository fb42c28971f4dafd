import type { FastifyRequest } from 'fastify';
import { PARTNER_TOKEN_TTL_SECONDS, RETURN_CODES, type OperationParsed, type PartnerClient, type partnersApi, type AuditEventCode } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../../platform/audit';
import { AppError } from '../../plugins/errors';
import { BANK_ENTERPRISE } from '../../reference/bank';
import { basicCredentials, newClientId, newClientSecret, secretMatches, type PartnerTokens } from './partner-tokens';

const refuse = (message: string) => new AppError(RETURN_CODES.INVALID_PARAMETER, message);
const NOT_FOUND = '合作方客户端不存在';
/** Compared when the client is unknown, so an unknown id costs what a wrong secret does. */
const DUMMY_HASH = '0'.repeat(64);

export function partnersService(ctx: AppContext, tokens: PartnerTokens) {
  const db = ctx.database.db;

  async function list(): Promise<PartnerClient[]> {
    const rows = await db
      .selectFrom('partner_clients as c')
      .innerJoin('enterprises as e', 'e.enterprise_no', 'c.enterprise_no')
      .select(['c.client_id', 'c.client_name', 'c.enterprise_no', 'e.enterprise_name', 'c.api_codes', 'c.status', 'c.created_at', 'c.updated_at'])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.client_id')
      .execute();
    return rows.map((r) => ({
      clientId: r.client_id,
      clientName: r.client_name,
      enterpriseNo: r.enterprise_no,
      enterpriseName: r.enterprise_name,
      apiCodes: r.api_codes,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  /** Every code must name a catalogue entry open to partners: the set never promises what cannot be called. */
  async function checkApiCodes(trx: typeof db, codes: readonly string[]) {
    if (codes.length === 0) return;
    const open = await trx.selectFrom('api_definitions').select('api_code').where('api_code', 'in', codes).where('is_open', '=', 1).execute();
    const known = new Set(open.map((r) => r.api_code));
    const missing = codes.filter((c) => !known.has(c));
    if (missing.length > 0) throw refuse(`以下接口不存在或未开放给合作方：${missing.join('、')}`);
  }

  /** A staff write and its audit entry in one transaction; a refusal is audited with its reason. */
  async function audited<T>(request: FastifyRequest, event: AuditEventCode, target: Record<string, unknown>, write: (trx: typeof db) => Promise<{ result: T; detail: Record<string, unknown> }>) {
    try {
      return await db.transaction().execute(async (trx) => {
        const { result, detail } = await write(trx);
        await recordAudit(trx, request, { event, outcome: 'success', detail: { ...target, ...detail } });
        return result;
      });
    } catch (err) {
      if (err instanceof AppError) await recordAudit(ctx.database, request, { event, outcome: 'failure', detail: { ...target, reason: err.message } });
      throw err;
    }
  }

  async function existing(trx: typeof db, clientId: string) {
    const row = await trx.selectFrom('partner_clients').selectAll().where('client_id', '=', clientId).forUpdate().executeTakeFirst();
    if (!row) throw refuse(NOT_FOUND);
    return row;
  }

  return {
    list,

    add(request: FastifyRequest, input: OperationParsed<typeof partnersApi.partnerAdd>) {
      const clientId = newClientId();
      const { secret, hash } = newClientSecret();
      return audited(request, 'partner.client_add', { clientId, enterpriseNo: input.enterpriseNo }, async (trx) => {
        if (input.enterpriseNo === BANK_ENTERPRISE.enterprise_no) throw refuse('合作方须属于客户企业，不能是银行托管部');
        const enterprise = await trx.selectFrom('enterprises').select('status').where('enterprise_no', '=', input.enterpriseNo).executeTakeFirst();
        if (!enterprise) throw refuse('企业不存在');
        if (enterprise.status !== 1) throw refuse('企业已停用，不能新增合作方');
        await checkApiCodes(trx, input.apiCodes);
        await trx
          .insertInto('partner_clients')
          .values({ client_id: clientId, client_name: input.clientName, enterprise_no: input.enterpriseNo, api_codes: JSON.stringify(input.apiCodes), secret_hash: hash })
          .execute();
        return { result: { clientId, clientSecret: secret }, detail: { clientName: input.clientName, apiCodes: input.apiCodes } };
      });
    },

    update(request: FastifyRequest, input: OperationParsed<typeof partnersApi.partnerUpdate>) {
      return audited(request, 'partner.client_update', { clientId: input.clientId }, async (trx) => {
        const before = await existing(trx, input.clientId);
        await checkApiCodes(trx, input.apiCodes);
        await trx
          .updateTable('partner_clients')
          .set({ client_name: input.clientName, api_codes: JSON.stringify(input.apiCodes), updated_at: new Date() })
          .where('client_id', '=', input.clientId)
          .execute();
        return {
          result: null,
          detail: { before: { clientName: before.client_name, apiCodes: before.api_codes }, after: { clientName: input.clientName, apiCodes: input.apiCodes } },
        };
      });
    },

    /** A new secret; tokens issued under the old one stop working at once (the version moves). */
    rotate(request: FastifyRequest, clientId: string) {
      const { secret, hash } = newClientSecret();
      return audited(request, 'partner.client_rotate', { clientId }, async (trx) => {
        const row = await existing(trx, clientId);
        if (row.status !== 1) throw refuse('合作方客户端已停用，不能重置密钥');
        await trx
          .updateTable('partner_clients')
          .set({ secret_hash: hash, secret_version: row.secret_version + 1, updated_at: new Date() })
          .where('client_id', '=', clientId)
          .execute();
        return { result: { clientId, clientSecret: secret }, detail: { secretVersion: row.secret_version + 1 } };
      });
    },

    revoke(request: FastifyRequest, clientId: string) {
      return audited(request, 'partner.client_revoke', { clientId }, async (trx) => {
        const row = await existing(trx, clientId);
        if (row.status !== 1) throw refuse('合作方客户端已停用');
        await trx.updateTable('partner_clients').set({ status: 0, updated_at: new Date() }).where('client_id', '=', clientId).execute();
        return { result: null, detail: {} };
      });
    },

    /**
     * Client credentials (RFC 6749 §4.4). Unknown client, wrong secret, revoked client or
     * disabled enterprise: one answer, 401, audited with the reason (never the secret).
     */
    async token(request: FastifyRequest) {
      const credentials = basicCredentials(request.headers.authorization);
      const fail = async (reason: string, clientId?: string) => {
        await recordAudit(ctx.database, request, { event: 'partner.token', outcome: 'failure', username: clientId ?? null, detail: { clientId: clientId ?? null, reason } });
        return new AppError(RETURN_CODES.PARTNER_CLIENT_INVALID);
      };
      if (!credentials || credentials.clientId.length > 64) throw await fail('no_basic_credentials');
      const { clientId, secret } = credentials;
      // Wrong secrets spend a budget of their own, per client id and address; only a request that
      // authenticates spends the client's (pen test: anyone knowing an id could lock its partner out).
      // Counted before the check (parallel guesses cannot all slip under it); a success gives its
      // count back.
      const failures = `rate:partner-failed:${clientId}:${request.ip}`;
      if ((await ctx.kv.increment(failures, 60_000)) > ctx.config.PARTNER_FAILURE_LIMIT) throw new AppError(RETURN_CODES.TOO_MANY_REQUESTS);
      const row = await db
        .selectFrom('partner_clients as c')
        .innerJoin('enterprises as e', 'e.enterprise_no', 'c.enterprise_no')
        .select(['c.secret_hash', 'c.secret_version', 'c.status', 'c.enterprise_no', 'c.api_codes', 'e.status as enterprise_status'])
        .where('c.client_id', '=', clientId)
        .executeTakeFirst();
      const matches = secretMatches(secret, row?.secret_hash ?? DUMMY_HASH);
      if (!row) throw await fail('unknown_client', clientId);
      if (!matches) throw await fail('wrong_secret', clientId);
      if (row.status !== 1) throw await fail('client_revoked', clientId);
      if (row.enterprise_status !== 1) throw await fail('enterprise_disabled', clientId);
      await ctx.kv.increment(failures, 60_000, -1);
      const count = await ctx.kv.increment(`rate:partner:${clientId}`, 60_000);
      if (count > ctx.config.PARTNER_RATE_LIMIT) throw new AppError(RETURN_CODES.TOO_MANY_REQUESTS);
      const accessToken = await tokens.issue(clientId, row.secret_version);
      await recordAudit(ctx.database, request, {
        event: 'partner.token',
        outcome: 'success',
        username: clientId,
        enterpriseNo: row.enterprise_no,
        detail: { clientId },
      });
      return { access_token: accessToken, token_type: 'Bearer' as const, expires_in: PARTNER_TOKEN_TTL_SECONDS, scope: row.api_codes.join(' ') };
    },
  };
}
