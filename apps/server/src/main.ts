import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openStores } from './stores';
import { seedDemoData } from './seed/seed';

/** `tsx src/main.ts [--seed]`: migrate, optionally seed demo data, serve until SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const pretty = config.NODE_ENV === 'development' && process.stdout.isTTY;
  const logger = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.rev', 'req.headers.cookie'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };

  const stores = await openStores(config);
  if (process.argv.includes('--seed')) await seedDemoData(stores.database, config);
  const app = await buildApp({ config, ...stores, now: Date.now }, { logger });
  app.addHook('onClose', async () => stores.close());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
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
