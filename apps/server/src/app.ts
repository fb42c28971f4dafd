import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { gaugeOf, metrics } from './metrics';
import { accountsModule } from './modules/accounts';
import { adminChangesModule } from './modules/admin-changes';
import { bulkImportModule } from './modules/bulk-import';
import { calendarModule } from './modules/calendar';
import { auditLogRoutes } from './modules/audit';
import { auditConfirmationsModule } from './modules/audit-confirmations';
import { createAuthServices, loginRoutes, passwordRoutes } from './modules/auth';
import { certificatesModule, loadBankSigner, loadCertificateAuthority } from './modules/certificates';
import { currentUserRoutes } from './modules/current-user';
import { cutoffsModule } from './modules/cutoffs';
import { approvalRulesModule } from './modules/approval-rules';
import { dictionaryRoutes } from './modules/dictionary';
import { enterpriseSwitchRoutes } from './modules/enterprise';
import { enterpriseAdminModule } from './modules/enterprises';
import { envelopeRoutes } from './modules/envelope';
import { LiveEvents } from './modules/events';
import { fileRoutes } from './modules/files';
import { CallCounts, gatewayRoutes } from './modules/gateway';
import { healthRoutes } from './modules/health';
import { ReminderRegistry, reminderRoutes } from './modules/home';
import { instructionsModule } from './modules/instructions';
import { messagesModule } from './modules/messages';
import { noticesModule } from './modules/notices';
import { PartnerTokens, partnersModule } from './modules/partners';
import { payeesModule } from './modules/payees';
import { reportsModule } from './modules/reports';
import { scanModule } from './modules/scan';
import { templatesModule } from './modules/templates';
import { signingModule } from './modules/signing';
import { unlockRoutes, userAdminModule } from './modules/users';
import { valuationModule } from './modules/valuation';
import { warningsModule } from './modules/warnings';
import { cashModule } from './modules/cash';
import { registerAccessControl } from './platform/access';
import { ApiRegistry } from './platform/api-registry';
import { DualControl } from './platform/dual-control';
import { registerEnvelope } from './platform/envelope.plugin';
import { loadServerKeys } from './platform/server-keys';
import { registerPluginCors } from './plugins/cors';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { noteOperation, refuseNonCanonicalPaths } from './plugins/operations';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web-app';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}


/** Every answer, by operation: the catalogue's call counts and the operator's metrics. */
function countOutcomes(app: FastifyInstance, counts: CallCounts) {
  app.addHook('onResponse', (request, reply, done) => {
    const op = request.operation;
    if (op) counts.record(op.id, reply.statusCode >= 400);
    const operation = op?.id ?? 'none';
    const outcome = reply.statusCode >= 500 ? 'error' : reply.statusCode >= 400 ? 'refused' : 'success';
    metrics.requests.inc({ operation, outcome });
    metrics.requestSeconds.observe({ operation }, reply.elapsedTime / 1000);
    done();
  });
}

/** The business features that need only the app context, registered in this order. */
const CONTEXT_MODULES = [messagesModule, reportsModule, instructionsModule, noticesModule, calendarModule, payeesModule, templatesModule, bulkImportModule, cutoffsModule, warningsModule, valuationModule, cashModule, auditConfirmationsModule, approvalRulesModule] as const;

/** Builds the whole server around already-open stores; main.ts and the tests both use this. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const { config } = ctx;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.BODY_LIMIT,
    // Slow clients are cut off: headers, then the whole request, must arrive in time (408 and
    // closed), and a connection silent for CONNECTION_TIMEOUT_MS is closed. Node checks the first
    // two on a timer, so it runs often enough for the limits to hold to within a second.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
    },
    // Our own ids: a client-supplied id would let one caller pollute another's trail.
    genReqId: () => randomUUID(),
    // Only the configured proxies' X-Forwarded-For is believed (rate limits and the audit log use the address).
    trustProxy: config.TRUST_PROXY ?? false,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  noteOperation(app);
  // The per-request hooks on the common path take callbacks: an async hook costs a promise and a
  // turn of the microtask queue even when it has nothing to do.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await registerSecurity(app, config);
  registerPluginCors(app, config);
  await registerOpenApi(app, config);
  const notFound = await registerWebApp(app, config);
  registerErrorHandling(app, notFound);

  refuseNonCanonicalPaths(app);
  const keys = await loadServerKeys(config);
  const ca = await loadCertificateAuthority(config);
  app.decorate('bankSigner', await loadBankSigner(config, ca));
  const registry = new ApiRegistry(ctx.database, ctx.kv);
  await registry.reload();
  await registry.listen();
  app.addHook('onClose', () => registry.close());
  registerEnvelope(app, ctx, keys, registry);
  app.decorate('apiRegistry', registry);
  const auth = createAuthServices(ctx, keys);
  await auth.sessions.listen();
  app.addHook('onClose', () => auth.sessions.close());
  const events = new LiveEvents(ctx, auth.sessions);
  await events.start();
  // Open streams would keep the server waiting forever: they end before it stops listening.
  app.addHook('preClose', () => events.close());
  app.decorate('events', events);
  const reminders = new ReminderRegistry();
  app.decorate('reminders', reminders);
  // Before the modules: they register their administrative change kinds on it.
  app.decorate('dualControl', new DualControl(ctx));
  const partnerTokens = new PartnerTokens(ctx);
  registerAccessControl(app, ctx, auth.sessions, registry, partnerTokens);
  const counts = new CallCounts(ctx);
  counts.start();
  countOutcomes(app, counts);
  gaugeOf('portal_sessions_live', 'Live sessions (all instances: read from the database)', () => auth.sessions.liveCount());
  gaugeOf('portal_event_streams_open', 'Event streams open on this instance', () => events.streamCount);
  app.addHook('onClose', () => counts.close());

  await app.register(
    async (api) => {
      await healthRoutes(api, ctx);
      await envelopeRoutes(api, ctx, keys, registry);
      await loginRoutes(api, auth);
      await passwordRoutes(api, auth);
      await unlockRoutes(api, auth);
      await currentUserRoutes(api, ctx, keys);
      await enterpriseSwitchRoutes(api, ctx, auth.sessions);
      await reminderRoutes(api, ctx, reminders);
      await dictionaryRoutes(api, ctx);
      await fileRoutes(api, ctx);
      events.routes(api);
      await gatewayRoutes(api, ctx, registry, counts);
      await enterpriseAdminModule(api, auth);
      await userAdminModule(api, auth);
      await signingModule(api, ctx);
      await accountsModule(api, ctx);
      await adminChangesModule(api, ctx);
      auditLogRoutes(api, ctx);
      for (const register of CONTEXT_MODULES) await register(api, ctx);
      await partnersModule(api, ctx, partnerTokens);
      await scanModule(api, ctx, auth.sessions, events);
      await certificatesModule(api, auth, ca);
    },
    { prefix: config.API_BASE },
  );

  return app;
}
