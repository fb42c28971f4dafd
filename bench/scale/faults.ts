import { READINESS } from '../../scripts/lib/cluster-parts.mjs';
import type { Portal } from './portal';
import type { Recorder } from './recorder';
import type { PrivatePostgres, PrivateRedis } from './stores';

export const FAULTS = ['instance', 'redis', 'postgres'] as const;
export type Fault = (typeof FAULTS)[number];

/** One fault as it happened, times in ms since the phase began. */
export interface FaultWindow {
  fault: Fault;
  what: string;
  /** The fault struck (the kill, the stop). */
  start: number;
  /** The component was started again. */
  restart: number;
  /** It was back: readiness 200 (instance), accepting connections (PostgreSQL), answering PING (Redis). */
  back: number;
  /** The window closes `settleMs` after that: calls up to here count as the fault's. */
  end: number;
  /** Readiness through the balancer every 500 ms while the window is open: status → count. */
  readiness: Record<string, number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The faults of a phase, one after another: a quiet `gapMs` before each; then the fault, `downMs`
 * of outage (a killed instance is started again at once: its outage is its own start-up), the
 * component started again, and `settleMs` for the balancer and the clients to find it back.
 */
export async function injectFaults(options: {
  faults: readonly Fault[];
  portal: Portal;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  rec: Recorder;
  gapMs: number;
  downMs: number;
  settleMs: number;
  log: (line: string) => void;
  stopping: () => boolean;
}) {
  const { portal, postgres, redis, rec, log } = options;
  const windows: FaultWindow[] = [];
  for (const [i, fault] of options.faults.entries()) {
    await sleep(options.gapMs);
    if (options.stopping()) break;
    const window: FaultWindow = { fault, what: '', start: rec.now(), restart: 0, back: 0, end: 0, readiness: {} };
    windows.push(window);
    let probing = true;
    const probe = (async () => {
      while (probing) {
        let status = 0;
        try {
          status = (await fetch(portal.origin + READINESS, { signal: AbortSignal.timeout(2_000) })).status;
        } catch {
          // no answer: 0
        }
        window.readiness[status] = (window.readiness[status] ?? 0) + 1;
        await sleep(500);
      }
    })();
    if (fault === 'instance') {
      const n = 1 + (i % portal.size);
      window.what = `kill -9 instance ${n}, started again at once`;
      await portal.kill(n);
      window.restart = rec.now();
      await portal.restart(n);
    } else if (fault === 'redis') {
      window.what = `redis-server stopped for ${options.downMs / 1000} s (its data lost), started again`;
      await redis.stop();
      await sleep(options.downMs);
      window.restart = rec.now();
      await redis.start();
    } else {
      window.what = `PostgreSQL stopped immediately (pg_ctl -m immediate) for ${options.downMs / 1000} s, started again (crash recovery)`;
      await postgres.stopImmediately();
      await sleep(options.downMs);
      window.restart = rec.now();
      await postgres.start();
    }
    window.back = rec.now();
    log(`scale: ${fault} fault: ${window.what}; back after ${((window.back - window.start) / 1000).toFixed(1)} s`);
    await sleep(options.settleMs);
    window.end = rec.now();
    probing = false;
    await probe;
  }
  return windows;
}
