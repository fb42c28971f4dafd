import { serveEmbeddedBackups } from './db/backup';
import { ConfigError, loadConfig } from './config';
import { loggerOptions } from './logging';
import { openStores } from './stores';

/** `node dist/main.js [--seed]` (or from source under `npm run dev`): migrate, optionally seed demo data, serve until SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const stores = await openStores(config);
  if (process.argv.includes('--seed')) {
    // The demo data and its generators stay out of a server started without it (production).
    const { seedDemoData } = await import('./seed/seed');
    await seedDemoData(stores.database, config);
  }
  // The app's modules load once the database is open: a first start's initdb, PGlite's peak of
  // memory, then runs beside a process holding little more than the driver.
  const { buildApp } = await import('./app');
  const app = await buildApp({ config, ...stores, now: Date.now }, { logger: loggerOptions(config) });
  app.addHook('onClose', async () => stores.close());
  if (stores.database.kind === 'pglite') {
    // `npm run db:backup` asks this process for the dump: the directory is ours alone.
    const backups = await serveEmbeddedBackups(stores.database, config).catch((err: unknown) => {
      app.log.warn({ err }, 'backups of the running server unavailable (npm run db:backup needs it stopped)');
      return undefined;
    });
    if (backups) app.addHook('onClose', () => new Promise<void>((resolve) => backups.close(() => resolve())));
  }
  if (config.NODE_ENV === 'production' && (stores.database.kind !== 'postgres' || stores.kv.kind !== 'redis')) {
    app.log.warn(
      { database: stores.database.kind, kv: stores.kv.kind },
      'ALLOW_EMBEDDED_IN_PRODUCTION: production on the embedded database or the in-memory store, for a single-node pilot only',
    );
  }

  // SIGTERM: readiness turns 503 at once, the listener closes, event streams end with a retry
  // hint, requests in flight finish, then the pools close; past SHUTDOWN_TIMEOUT_MS it exits anyway.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      app.log.error('shutdown timed out: exiting with requests still open');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const origin = address.replace('0.0.0.0', '127.0.0.1');
  app.log.info(
    { database: stores.database.kind, kv: stores.kv.kind },
    `serving web app at ${origin}${config.PUBLIC_PATH}/ and API at ${origin}${config.API_BASE}/` +
      (config.NODE_ENV === 'production' ? '' : ` (docs: ${config.API_BASE}/docs)`),
  );
  return origin;
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('start-up failed:', err);
  }
  process.exit(1);
});
