import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PARTNER_TOKEN_PREFIX, RETURN_CODES, hasAnyAccess, operationPath, type AnyOperation } from '@portal/shared';
import type { AppContext } from '../app-context';
import { AppError } from '../plugins/errors';
import type { ApiRegistry } from './api-registry';
import { recordAudit } from './audit';
import type { SessionInfo, SessionStore } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * On a public route, the caller's live session when a bearer token names one, else null
     * (a route showing more to a logged-in caller); on other routes, the session already checked.
     */
    optionalSession(): Promise<SessionInfo | null>;
  }
  interface FastifyInstance {
    /** Every API route with its operation, for the route walk tests and docs. */
    apiRoutes: { method: string; url: string; operation: AnyOperation }[];
  }
}

/** What a partner token stands for, judged again on every call. */
export interface PartnerCaller {
  clientId: string;
  enterpriseNo: string;
  apiCodes: string[];
  tokenHash: string;
  /**
   * The seat of its enterprise the client acts as (staff choose it), live: its authorities and
   * account rights bound every call as they bind a person's. Null: none chosen, or the seat is
   * gone or disabled — then only an operation needing neither could pass, and none such is open.
   */
  seat: { userNo: string; userId: number; authorities: string[] } | null;
}

export const PARTNER_NO_SEAT_MESSAGE = '合作方客户端未指定代理用户号，不能调用业务接口';

/** Resolves partner tokens: modules/partners hands its token store in, so the check needs no feature. */
export interface PartnerResolver {
  resolve(token: string): Promise<PartnerCaller | null>;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  return value?.startsWith('Bearer ') ? value.slice('Bearer '.length).trim() || undefined : undefined;
}

/**
 * Whether a public route's caller is logged-in bank staff. The lookup is bounded by `withinMs`
 * (false after it), so a route that must answer while the database is away still answers.
 */
export async function callerIsStaff(request: FastifyRequest, withinMs = 1_000): Promise<boolean> {
  // Load balancers poll without a token: they cost no lookup and no timer.
  if (!request.session && !bearerToken(request)) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), withinMs)));
  try {
    const session = await Promise.race([request.optionalSession().catch(() => null), timeout]);
    return session?.userType === 'staff';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The one permission check (ARCHITECTURE §5), decided on the matched route's operation and
 * its live catalogue row: an API route that serves no operation cannot even be registered.
 * A session is needed unless the operation is public and the catalogue does not ask for
 * one (`isAuth`); the session's user type must be in the audience and, where the contract
 * names authorities, hold one of them. The catalogue can tighten a contract, never loosen it.
 */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext, sessions: SessionStore, registry: ApiRegistry, partners: PartnerResolver) {
  const apiPrefix = `${ctx.config.API_BASE}/`;
  const docsPrefix = `${ctx.config.API_BASE}/docs`;
  const prefixes = { customerPrefix: ctx.config.CUSTOMER_PREFIX, gatewayPrefix: ctx.config.GATEWAY_PREFIX };

  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(apiPrefix) || route.url.startsWith(docsPrefix)) return;
    const operation = route.config?.operation;
    if (!operation) throw new Error(`Route ${String(route.method)} ${route.url} serves no operation (config.operation)`);
    if (route.url !== ctx.config.API_BASE + operationPath(operation, prefixes)) throw new Error(`Route ${route.url} is not the path of ${operation.id}`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, operation });
  });

  app.decorateRequest('optionalSession', async function (this: FastifyRequest) {
    if (this.session) return this.session;
    const token = bearerToken(this);
    return token ? sessions.resolve(token) : null;
  });

  // A callback hook: a public call the catalogue leaves public passes without a promise of its own.
  app.addHook('onRequest', (request, _reply, done) => {
    const op = request.operation;
    if (!op) return done();
    const isPublic = op.audience.includes('public');
    if (isPublic && registry.forOperation(op.id)?.isAuth !== 1) return done();
    checkCaller(request, op, isPublic).then(() => done(), done);
  });

  async function checkCaller(request: FastifyRequest, op: AnyOperation, isPublic: boolean) {
    const token = bearerToken(request);
    if (token?.startsWith(PARTNER_TOKEN_PREFIX)) return partnerAccess(request, op, token);
    const session = token ? await sessions.resolve(token) : null;
    if (!session) throw new AppError(RETURN_CODES.UNAUTHENTICATED);
    request.session = session;
    const outsideAudience = !isPublic && !op.audience.includes(session.userType);
    const lacksAuthority = !hasAnyAccess(session.authorities, op.authority);
    if (outsideAudience || lacksAuthority) {
      await recordAudit(ctx.database, request, {
        event: 'access.denied',
        outcome: 'failure',
        detail: { operation: op.id, method: request.method, required: op.authority, audience: op.audience },
      });
      throw new AppError(RETURN_CODES.FORBIDDEN);
    }
  }

  /**
   * A partner token (modules/partners): it reaches only operations whose contract allows partners
   * (`partner`), that staff opened (`isOpen`) and put in its client's API set, and it acts as its
   * client's seat: the operation's authority is checked against that seat's, and the handlers'
   * account-right checks read that seat, exactly as for a person. It cannot sign (no device key).
   */
  async function partnerAccess(request: FastifyRequest, op: AnyOperation, token: string) {
    const caller = await partners.resolve(token);
    if (!caller) throw new AppError(RETURN_CODES.UNAUTHENTICATED);
    const count = await ctx.kv.increment(`rate:partner:${caller.clientId}`, 60_000);
    if (count > ctx.config.PARTNER_RATE_LIMIT) throw new AppError(RETURN_CODES.TOO_MANY_REQUESTS);
    const authorities = caller.seat?.authorities ?? [];
    request.session = {
      tokenHash: caller.tokenHash,
      userId: caller.seat?.userId ?? 0,
      username: caller.clientId,
      userType: 'customer',
      userNo: caller.seat?.userNo ?? '',
      enterpriseNo: caller.enterpriseNo,
      authorities,
      partnerClientId: caller.clientId,
    };
    const policy = registry.forOperation(op.id);
    const reason = !op.audience.some((a) => a === 'customer' || a === 'partner')
      ? 'audience'
      : op.signing
        ? 'signed'
        : !op.partner
          ? 'not_partner_operation'
          : policy?.isOpen !== 1
            ? 'not_open'
            : !caller.apiCodes.includes(policy.apiCode)
              ? 'not_in_api_set'
              : !caller.seat
                ? 'no_seat'
                : !hasAnyAccess(authorities, op.authority)
                  ? 'authority'
                  : undefined;
    if (reason) {
      await recordAudit(ctx.database, request, {
        event: 'access.denied',
        outcome: 'failure',
        detail: { operation: op.id, method: request.method, partnerClientId: caller.clientId, reason },
      });
      throw new AppError(RETURN_CODES.FORBIDDEN, reason === 'no_seat' ? PARTNER_NO_SEAT_MESSAGE : undefined);
    }
  }
}
