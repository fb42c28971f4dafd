import type { LiveEventInput } from '@portal/shared';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { EventAudience } from '../../apps/server/src/modules/events';
import { seedDemoData } from '../../apps/server/src/seed/seed';
import { openStores } from '../../apps/server/src/stores';

/** What the benchmark asks over IPC. */
export type ServerRequest = { type: 'publish'; event: LiveEventInput; audience: EventAudience } | { type: 'memory' };
/** What this process answers. */
export type ServerReply =
  | { type: 'ready' }
  | { type: 'published'; id: string; publishedAt: string }
  | { type: 'memory'; rss: number; heapUsed: number; external: number; streams: number };

/**
 * The real server (`buildApp` on the configured stores, demo data) in a process of its own, so
 * its memory is its own; the liveEvents benchmark publishes through it and reads its memory
 * over IPC. Times are `process.hrtime` (the machine's monotonic clock, shared by processes).
 */
const config = loadConfig();
const stores = await openStores(config);
await seedDemoData(stores.database, config);
const app = await buildApp({ config, ...stores, now: Date.now });
app.addHook('onClose', () => stores.close());
await app.listen({ port: config.PORT, host: '127.0.0.1' });

const send = (reply: ServerReply) => process.send?.(reply);
process.on('message', (request: ServerRequest) => {
  void (async () => {
    if (request.type === 'publish') {
      const publishedAt = process.hrtime.bigint();
      const id = await app.events.publish(request.event, request.audience);
      if (id === null) throw new Error('the shared store is unreachable: the event was not published');
      send({ type: 'published', id, publishedAt: String(publishedAt) });
    } else {
      // Twice, with a pause, so what is left is what the streams hold.
      for (let i = 0; i < 2; i++) {
        globalThis.gc?.();
        await new Promise((r) => setTimeout(r, 200));
      }
      const { rss, heapUsed, external } = process.memoryUsage();
      send({ type: 'memory', rss, heapUsed, external, streams: app.events.streamCount });
    }
  })();
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
send({ type: 'ready' });
