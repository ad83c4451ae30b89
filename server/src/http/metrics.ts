/**
 * Prometheus metrics of the API, served at GET /metrics (for the internal network: nginx does not
 * pass it through; METRICS_TOKEN adds a bearer token on top). The counters below are what the
 * modules increment (payments, SMS); requests and the database pool are measured here.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { unauthorized } from './errors.ts';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer HTTP requests, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Payments booked or refused: result is paid, duplicate (a replay, nothing booked) or failed. */
export const paymentsTotal = new Counter({
  name: 'payments_total',
  help: 'Payment confirmations and notifications, by provider and result',
  labelNames: ['provider', 'result'] as const,
  registers: [metricsRegistry],
});

/** SMS handed to the provider: result is sent or failed. */
export const smsSentTotal = new Counter({
  name: 'sms_sent_total',
  help: 'SMS verification codes handed to the provider, by provider and result',
  labelNames: ['provider', 'result'] as const,
  registers: [metricsRegistry],
});

let reconciliationSource: (() => Promise<Array<{ gateway: string; differences: number }>>) | undefined;

/** Where reconciliation_differences reads from: the order module's stored reports (the same on every process). */
export function reportReconciliation(source: () => Promise<Array<{ gateway: string; differences: number }>>): void {
  reconciliationSource = source;
}

new Gauge({
  name: 'reconciliation_differences',
  help: 'Differences found by the latest reconciliation of each gateway with its daily bill (latest bill day, latest run)',
  labelNames: ['gateway'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!reconciliationSource) return;
    this.reset();
    // The database may be down: then the series is missing for this scrape, and DatabaseUnavailable says why.
    for (const { gateway, differences } of await reconciliationSource().catch(() => [])) this.set({ gateway }, differences);
  },
});

/** Reconciliation runs by gateway and result (done, failed: the bill could not be had or read). */
export const reconciliationRuns = new Counter({
  name: 'reconciliation_runs_total',
  help: 'Reconciliation runs by gateway and result',
  labelNames: ['gateway', 'result'] as const,
  registers: [metricsRegistry],
});

/** Requests answered 503 because the database was unavailable (the error handler counts them). */
export const databaseUnavailableTotal = new Counter({
  name: 'db_unavailable_responses_total',
  help: 'Requests answered 503 because the database was unreachable, restarting or over its statement timeout',
  registers: [metricsRegistry],
});

type PoolStats = () => { total: number; idle: number; waiting: number };
let poolStats: PoolStats | undefined;

new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool: open connections (total), idle ones, and queries waiting for a connection',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    if (!poolStats) return;
    const stats = poolStats();
    for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
  },
});

let readiness: (() => Promise<boolean>) | undefined;

/** What api_ready reports: the health module's readiness (not draining, the database answers). */
export function reportReadiness(check: () => Promise<boolean>): void {
  readiness = check;
}

new Gauge({
  name: 'api_ready',
  help: '1 when this process would answer /api/readyz with 200 (not draining, database answers), else 0',
  registers: [metricsRegistry],
  async collect() {
    if (readiness) this.set((await readiness()) ? 1 : 0);
  },
});

/** Bearer token check in constant time (a wrong length is refused before comparing). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Measures every request (by route pattern, so ids in paths do not multiply the series; paths no
 * route matches count as "unmatched") and serves GET /metrics. Register before the modules.
 */
export function registerMetrics(app: FastifyInstance, opts: { token?: string; poolStats?: PoolStats }): void {
  poolStats = opts.poolStats;
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    if (opts.token && !tokenMatches(request.headers.authorization, opts.token)) throw unauthorized('需要有效的监控令牌');
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}
