import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { PARTNER_TOKEN_TTL_SECONDS, RETURN_CODES, type OperationParsed, type partnersApi, type AuditEventCode } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { auditedTransaction, recordAudit } from '../../platform/audit';
import { AppError } from '../../plugins/errors';
import { BANK_ENTERPRISE } from '../../reference/bank';
import { basicCredentials, newClientId, newClientSecret, secretMatches, type PartnerTokens } from './partner-tokens';
import { clientWithEnterprise, customerSeat, enterpriseStatus, insertClient, lockClient, openApiCodes, partnerClients, updateClient } from './partners.queries';

type Trx = Transaction<DB>;

const refuse = (message: string) => new AppError(RETURN_CODES.INVALID_PARAMETER, message);
const NOT_FOUND = '合作方客户端不存在';
/** Compared when the client is unknown, so an unknown id costs what a wrong secret does. */
const DUMMY_HASH = '0'.repeat(64);

/** Every code must name a catalogue entry open to partners: the set never promises what cannot be called. */
async function checkApiCodes(trx: Trx, codes: readonly string[]) {
  if (codes.length === 0) return;
  const known = await openApiCodes(trx, codes);
  const missing = codes.filter((c) => !known.has(c));
  if (missing.length > 0) throw refuse(`以下接口不存在或未开放给合作方：${missing.join('、')}`);
}

/** The seat a client acts as must be a customer seat of its own enterprise, in service. */
async function checkSeat(trx: Trx, enterpriseNo: string, userNo: string | null) {
  if (userNo === null) return;
  const seat = await customerSeat(trx, enterpriseNo, userNo);
  if (!seat) throw refuse(`代理用户号 ${userNo} 不存在或不属于该企业`);
  if (seat.status !== 1 || seat.user_status !== 1) throw refuse(`代理用户号 ${userNo} 已停用`);
}

async function existing(trx: Trx, clientId: string) {
  const row = await lockClient(trx, clientId);
  if (!row) throw refuse(NOT_FOUND);
  return row;
}

/**
 * Client credentials (RFC 6749 §4.4). Unknown client, wrong secret, revoked client or
 * disabled enterprise: one answer, 401, audited with the reason (never the secret).
 */
async function clientCredentialsToken(ctx: AppContext, tokens: PartnerTokens, request: FastifyRequest) {
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
  const row = await clientWithEnterprise(ctx.database.db, clientId);
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
}

/** Staff administration of partner clients, each write audited in its transaction, and the token endpoint. */
export function partnersService(ctx: AppContext, tokens: PartnerTokens) {
  const audited = <T>(request: FastifyRequest, event: AuditEventCode, target: Record<string, unknown>, work: (trx: Trx, now: Date) => Promise<{ result: T; detail: Record<string, unknown> }>) =>
    auditedTransaction(ctx.database, request, event, target, new Date(ctx.now()), work);

  return {
    list: () => partnerClients(ctx.database.db),

    add(request: FastifyRequest, input: OperationParsed<typeof partnersApi.partnerAdd>) {
      const clientId = newClientId();
      const { secret, hash } = newClientSecret();
      return audited(request, 'partner.client_add', { clientId, enterpriseNo: input.enterpriseNo }, async (trx) => {
        if (input.enterpriseNo === BANK_ENTERPRISE.enterprise_no) throw refuse('合作方须属于客户企业，不能是银行托管部');
        const enterprise = await enterpriseStatus(trx, input.enterpriseNo);
        if (!enterprise) throw refuse('企业不存在');
        if (enterprise.status !== 1) throw refuse('企业已停用，不能新增合作方');
        await checkApiCodes(trx, input.apiCodes);
        await checkSeat(trx, input.enterpriseNo, input.userNo);
        await insertClient(trx, {
          client_id: clientId,
          client_name: input.clientName,
          enterprise_no: input.enterpriseNo,
          api_codes: JSON.stringify(input.apiCodes),
          user_no: input.userNo,
          secret_hash: hash,
        });
        return { result: { clientId, clientSecret: secret }, detail: { clientName: input.clientName, apiCodes: input.apiCodes, userNo: input.userNo } };
      });
    },

    update(request: FastifyRequest, input: OperationParsed<typeof partnersApi.partnerUpdate>) {
      return audited(request, 'partner.client_update', { clientId: input.clientId }, async (trx, now) => {
        const before = await existing(trx, input.clientId);
        await checkApiCodes(trx, input.apiCodes);
        await checkSeat(trx, before.enterprise_no, input.userNo);
        await updateClient(trx, input.clientId, { client_name: input.clientName, api_codes: JSON.stringify(input.apiCodes), user_no: input.userNo, updated_at: now });
        return {
          result: null,
          detail: {
            before: { clientName: before.client_name, apiCodes: before.api_codes, userNo: before.user_no },
            after: { clientName: input.clientName, apiCodes: input.apiCodes, userNo: input.userNo },
          },
        };
      });
    },

    /** A new secret; tokens issued under the old one stop working at once (the version moves). */
    rotate(request: FastifyRequest, clientId: string) {
      const { secret, hash } = newClientSecret();
      return audited(request, 'partner.client_rotate', { clientId }, async (trx, now) => {
        const row = await existing(trx, clientId);
        if (row.status !== 1) throw refuse('合作方客户端已停用，不能重置密钥');
        await updateClient(trx, clientId, { secret_hash: hash, secret_version: row.secret_version + 1, updated_at: now });
        return { result: { clientId, clientSecret: secret }, detail: { secretVersion: row.secret_version + 1 } };
      });
    },

    revoke(request: FastifyRequest, clientId: string) {
      return audited(request, 'partner.client_revoke', { clientId }, async (trx, now) => {
        const row = await existing(trx, clientId);
        if (row.status !== 1) throw refuse('合作方客户端已停用');
        await updateClient(trx, clientId, { status: 0, updated_at: now });
        return { result: null, detail: {} };
      });
    },

    token: (request: FastifyRequest) => clientCredentialsToken(ctx, tokens, request),
  };
}
