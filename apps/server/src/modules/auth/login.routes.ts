import type { FastifyInstance } from 'fastify';
import { ENVELOPE_HEADERS, RETURN_CODES, authApi, loginSigningString, signingApi, type MustChangePasswordData } from '@portal/shared';
import { recordAudit } from '../../platform/audit';
import { sendServerTiming } from '../../platform/server-timing';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import type { AuthServices } from './auth-services';
import { login, loginSignatureValid } from './login.service';

/** Spec §7 "Authentication and session": the host's edition, captcha, server random, login (and its signature check), logout. */
export async function loginRoutes(app: FastifyInstance, services: AuthServices) {
  const { ctx } = services;
  const routes = operationRoutes(app, ctx);

  // Spec §3's `{loginFlag, wxCode}` variant needs a WeChat platform this product cannot reach: it
  // gets its own answer rather than a field error (after the envelope opened the body).
  // (A callback hook: every other request passes without a promise of its own.)
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (request.operation?.id !== authApi.login.id || body === null || typeof body !== 'object' || !('wxCode' in body)) return done();
    recordAudit(ctx.database, request, { event: 'login', outcome: 'failure', detail: { reason: 'wechat_unavailable' } }).then(
      () => done(new AppError(RETURN_CODES.WECHAT_LOGIN_UNAVAILABLE)),
      done,
    );
  });

  routes.raw(authApi.captchaCreate, async ({ request, reply }) => {
    const rev = request.headers[ENVELOPE_HEADERS.rev];
    if (typeof rev !== 'string' || !rev) throw new AppError(RETURN_CODES.REV_MISSING);
    const svg = await services.captchas.issue(rev);
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
  });

  // Behind TRUST_PROXY, `hostname` is the balancer's X-Forwarded-Host: the host the customer typed.
  routes.json(authApi.loginEdition, async ({ request }) => ({ edition: ctx.config.LOGIN_EDITION_HOSTS.get(request.hostname.toLowerCase()) ?? null }));

  routes.json(authApi.serverRandom, async () => ({ random: await services.randoms.issue() }));

  routes.json(authApi.login, async ({ input, request, reply }) => {
    const outcome = await login(services, request, input, { kind: 'signed', deviceKey: input.extension.key });
    // 040007 is a refusal that carries the single-use ticket for the forced change.
    if ('mustChangePassword' in outcome) {
      const data: MustChangePasswordData = { changeTicket: outcome.changeTicket };
      throw new AppError(RETURN_CODES.MUST_CHANGE_PASSWORD, undefined, data);
    }
    sendServerTiming(request, reply);
    return { access_token: outcome.token };
  });

  // Spec §7 `VerifySign/Login`: the login's own random and signature checks, with nothing spent,
  // counted or audited (no password is read; the login itself audits its attempts).
  routes.json(signingApi.verifyLogin, async ({ input }) => {
    if (!(await services.randoms.isLive(input.random))) throw new AppError(RETURN_CODES.RANDOM_INVALID);
    if (!(await loginSignatureValid(input.key, input))) throw new AppError(RETURN_CODES.SIGNATURE_INVALID);
    return { code: 'Login', signingData: loginSigningString(input.username, input.random, input.randomClient, input.loginType) };
  });

  routes.json(authApi.logout, async ({ session, request }) => {
    await services.sessions.revoke(session.tokenHash);
    await recordAudit(ctx.database, request, { event: 'logout', outcome: 'success' });
    return null;
  });
}
