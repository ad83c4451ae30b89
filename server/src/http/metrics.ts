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

/** Item lookups answered, by platform and result: hit (from the cache), found, unknown (the platform does not know it), off (no provider), failed, limited (429). */
export const itemLookupsTotal = new Counter({
  name: 'item_lookups_total',
  help: 'Item lookups answered, by platform and result (hit, found, unknown, off, failed, limited)',
  labelNames: ['platform', 'result'] as const,
  registers: [metricsRegistry],
});

/** Calls to a platform's API (one per lookup that missed the cache, shared by concurrent lookups), by result ok, unknown or failed. */
export const itemProviderCalls = new Counter({
  name: 'item_provider_calls_total',
  help: "Calls to a platform's product API, by platform and result (ok, unknown, failed)",
  labelNames: ['platform', 'result'] as const,
  registers: [metricsRegistry],
});

/** Failed calls by cause: throttled, auth, timeout, network, bad_answer, refused. */
export const itemProviderFailures = new Counter({
  name: 'item_provider_failures_total',
  help: "Failed calls to a platform's product API, by platform and cause",
  labelNames: ['platform', 'cause'] as const,
  registers: [metricsRegistry],
});

export const itemProviderDuration = new Histogram({
  name: 'item_provider_duration_seconds',
  help: "Time a platform's product API took to answer (or to fail), by platform",
  labelNames: ['platform'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25],
  registers: [metricsRegistry],
});

let itemProviderSource: (() => Promise<Array<{ platform: string; enabled: boolean; failingSeconds: number }>>) | undefined;

/** Where item_provider_failing_seconds reads from: the item module's provider status rows (the same on every process). */
export function reportItemProviders(source: () => Promise<Array<{ platform: string; enabled: boolean; failingSeconds: number }>>): void {
  itemProviderSource = source;
}

new Gauge({
  name: 'item_provider_failing_seconds',
  help: 'Seconds since an enabled item provider started failing without a success since (0 while it works); one series per enabled provider',
  labelNames: ['platform'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!itemProviderSource) return;
    this.reset();
    for (const { platform, enabled, failingSeconds } of await itemProviderSource().catch(() => [])) {
      if (enabled) this.set({ platform }, failingSeconds);
    }
  },
});

/** What the reconciliation gauges read (the order module's stored reports and schedule: the same on every process). */
export type ReconciliationState = {
  differences: Array<{ gateway: string; differences: number }>;
  overdue: Array<{ gateway: string; days: number }>;
};
let reconciliationSource: (() => Promise<ReconciliationState>) | undefined;

/** Where the reconciliation gauges read from (the order module registers it). */
export function reportReconciliation(source: () => Promise<ReconciliationState>): void {
  reconciliationSource = source;
}

/** One read of the source per scrape for both gauges (the second gauge's collect reuses the first's). */
let pendingState: Promise<ReconciliationState | null> | null = null;
function readReconciliationState(): Promise<ReconciliationState | null> {
  if (!reconciliationSource) return Promise.resolve(null);
  pendingState ??= reconciliationSource()
    // The database may be down: then the series are missing for this scrape, and DatabaseUnavailable says why.
    .catch(() => null)
    .finally(() => setTimeout(() => (pendingState = null), 0));
  return pendingState;
}

new Gauge({
  name: 'reconciliation_differences',
  help: 'Differences found by the latest reconciliation of each gateway with its daily bill (latest bill day, latest run)',
  labelNames: ['gateway'] as const,
  registers: [metricsRegistry],
  async collect() {
    const state = await readReconciliationState();
    this.reset();
    for (const { gateway, differences } of state?.differences ?? []) this.set({ gateway }, differences);
  },
});

new Gauge({
  name: 'reconciliation_overdue_days',
  help: 'Days of the last week whose bill is published (after RECONCILE_AT Beijing time the next day) but not reconciled yet, by configured gateway',
  labelNames: ['gateway'] as const,
  registers: [metricsRegistry],
  async collect() {
    const state = await readReconciliationState();
    this.reset();
    for (const { gateway, days } of state?.overdue ?? []) this.set({ gateway }, days);
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
