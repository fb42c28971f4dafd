import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What an operator watches, in Prometheus text format (`GET {API_BASE}/monitor/metrics`). One
 * registry per process: every part of the server records into it, from the stores up, and it
 * imports nothing of the server's own. Operations are labelled by their contract's id, never by
 * the raw URL, so a scanner cannot blow up the series.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'portal_' });

export const metrics = {
  requests: new Counter({
    name: 'portal_requests_total',
    help: 'Requests by operation (contract id; "none" for what matched no operation) and outcome (success, refused, error)',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  }),
  requestSeconds: new Histogram({
    name: 'portal_request_duration_seconds',
    help: 'Time to answer, by operation',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  dependencyOutages: new Counter({
    name: 'portal_dependency_outages_total',
    help: 'What an unreachable dependency (database, kv) cost: a request answered 503 (refused) or a live event not sent (event_lost)',
    labelNames: ['dependency', 'effect'] as const,
    registers: [registry],
  }),
  envelopeRefusals: new Counter({
    name: 'portal_envelope_refusals_total',
    help: 'Requests the crypto envelope refused, by reason',
    labelNames: ['reason'] as const,
    registers: [registry],
  }),
  logins: new Counter({
    name: 'portal_logins_total',
    help: 'Login attempts by result (success, or the reason of the refusal)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  queries: new Histogram({
    name: 'portal_db_query_duration_seconds',
    help: 'Database statements, by outcome (ok, error)',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  }),
  kvErrors: new Counter({
    name: 'portal_kv_errors_total',
    help: 'Shared-store (Redis) errors: failed commands and connection errors',
    registers: [registry],
  }),
};

/**
 * A gauge read when scraped (pool use, live sessions, open streams). Declared again by a newer
 * owner (tests build several servers in one process), the newer one is read.
 */
export function gaugeOf(name: string, help: string, read: () => number | Promise<number>) {
  registry.removeSingleMetric(name);
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      this.set(await read());
    },
  });
}

/** Kysely's log hook: every statement's duration, failed ones apart. */
export function logQuery(event: { level: 'query' | 'error'; queryDurationMillis: number }) {
  metrics.queries.observe({ outcome: event.level === 'error' ? 'error' : 'ok' }, event.queryDurationMillis / 1000);
}
