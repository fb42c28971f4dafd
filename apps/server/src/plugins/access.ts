import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RETURN_CODES } from '@portal/shared';
import type { AppContext } from '../app-context';
import { recordAudit } from '../modules/audit/audit';
import type { SessionInfo, SessionStore } from '../modules/auth/sessions';
import { AppError } from './errors';

/**
 * Every route states who may call it (ARCHITECTURE §5): 'public' needs no session,
 * 'session' any logged-in user, `{ authority }` a session holding one of those authorities.
 */
export type RouteAccess = 'public' | 'session' | { authority: readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /**
     * On a public route, the caller's live session when a bearer token names one, else null
     * (a route showing more to a logged-in caller); on other routes, the session already checked.
     */
    optionalSession(): Promise<SessionInfo | null>;
  }
  interface FastifyInstance {
    /** Every API route with its declared access, for the route-authority walk test and docs. */
    apiRoutes: { method: string; url: string; access: RouteAccess }[];
  }
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
 * The one permission check: an API route without an access declaration cannot even be
 * registered, and every request is held to its route's declaration before any handler runs.
 */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext, sessions: SessionStore) {
  const apiPrefix = `${ctx.config.API_BASE}/`;
  const docsPrefix = `${ctx.config.API_BASE}/docs`;

  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(apiPrefix) || route.url.startsWith(docsPrefix)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
  });

  app.decorateRequest('optionalSession', async function (this: FastifyRequest) {
    if (this.session) return this.session;
    const token = bearerToken(this);
    return token ? sessions.resolve(token) : null;
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request);
    const session = token ? await sessions.resolve(token) : null;
    if (!session) throw new AppError(RETURN_CODES.UNAUTHENTICATED);
    request.session = session;
    if (typeof access === 'object' && !access.authority.some((a) => session.authorities.includes(a))) {
      await recordAudit(ctx.database, request, {
        event: 'access.denied',
        outcome: 'failure',
        detail: { route: request.routeOptions.url, method: request.method, required: access.authority },
      });
      throw new AppError(RETURN_CODES.FORBIDDEN);
    }
  });
}
