/**
 * `npm run bench:api`: the real server (`src/main.ts`, in its own process) on PGlite and on a
 * throwaway PostgreSQL, loaded by autocannon with 50 connections for 10 s per case. Prints
 * requests/s and p50/p99 latency per case (figures, not pass/fail: the machine is shared).
 * Each database is measured twice in the same run: `before` with REFERENCE_CACHE=off (reference
 * data read from the database on every request, as before the in-process caches) and `after`
 * (the default). `before` is not exactly the code before the caches: each fresh load also makes
 * the routes prepare every answer built from it (JSON text and ETag hash of the whole price
 * table, goods, member levels), where that code serialised only the one answer sent, so `before`
 * understates it and the gain shown is an upper bound. Cases: GET /api/user/user-data (demo
 * token), /api/plan/config/full-data, the same revalidated with If-None-Match (304, `after`
 * only), and /api/plan/manage/list (the demo account given PLANS plans through the API). Options
 * (env): BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_DB (`pglite,postgres`), BENCH_MODES
 * (`before,after`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error autocannon ships no types (and @types/autocannon is not installed)
import autocannon from 'autocannon';
import { startPostgres } from '../test/support/postgres-server.mjs';
import { startApiServer } from '../test/support/processes.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DATABASES = (process.env.BENCH_DB || 'pglite,postgres').split(',').map((s) => s.trim());
const MODES = (process.env.BENCH_MODES || 'before,after').split(',').map((s) => s.trim());
const PLANS = 30;

interface Row {
  database: string;
  mode: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
}

async function openTarget(database: string): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (database === 'postgres') {
    const pgServer = await startPostgres();
    return { env: { DATABASE_URL: pgServer.url, DATA_DIR: '' }, cleanup: () => pgServer.stop() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  return { env: { DATA_DIR: dir, DATABASE_URL: '' }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function post(baseURL: string, urlPath: string, body: unknown, token?: string) {
  const res = await fetch(baseURL + urlPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 't-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message?: string; data?: any };
}

/** The demo account's token; on first use of the database also PLANS plans of its own. */
async function prepareDemo(baseURL: string): Promise<string> {
  const login = await post(baseURL, '/api/user/pwd-login', { phone: '13800138000', password: 'demo12345' });
  const token = login.data?.token as string | undefined;
  if (!token) throw new Error(`demo login failed: ${JSON.stringify(login)}`);
  const list = await fetch(`${baseURL}/api/plan/manage/list`, { headers: { 't-token': token } }).then(
    (r) => r.json() as Promise<{ data: { total: number } }>,
  );
  if (list.data.total >= PLANS) return token;
  const tb = ((await fetch(`${baseURL}/api/plan/config?flowType=tb`).then((r) => r.json())) as { data: any }).data;
  const service = tb.planConfigList[0];
  for (let i = list.data.total; i < PLANS; i++) {
    const created = await post(
      baseURL,
      '/api/plan/create',
      {
        flowType: 'tb',
        itemUrl: `https://item.taobao.com/item.htm?id=${612345678901 + i}`,
        itemId: String(612345678901 + i),
        title: `压测商品 ${i}`,
        keywords: ['保温杯'],
        configId: service.id,
        optionIds: service.conditionList.map((c: any) => c.optionList[0].id),
        dailyCount: 2,
        days: 1 + (i % 3),
        startDate: new Date(Date.now() + 8 * 3_600_000 + (1 + (i % 5)) * 86_400_000).toISOString().slice(0, 10),
        distribution: Array.from({ length: 24 }, (_, h) => (h === 9 || h === 15 ? 1 : 0)),
      },
      token,
    );
    if (!created.success) throw new Error(`plan create failed: ${JSON.stringify(created)}`);
  }
  return token;
}

async function benchMode(database: string, mode: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startApiServer({
    env: { LOG_LEVEL: 'warn', DIST_DIR: path.join(os.tmpdir(), 'no-dist'), REFERENCE_CACHE: mode === 'before' ? 'off' : 'on', ...env },
    timeoutMs: 600_000, // a start on a loaded shared machine can take minutes
  });
  const rows: Row[] = [];
  try {
    const token = await prepareDemo(server.baseURL);
    const signedIn = { 't-token': token, 'x-requested-with': 'XMLHttpRequest' };
    const fullData = await fetch(`${server.baseURL}/api/plan/config/full-data`);
    const etag = fullData.headers.get('etag');
    const cases: Array<[string, string, Record<string, string>]> = [
      ['user-data', '/api/user/user-data', signedIn],
      ['full-data', '/api/plan/config/full-data', { 'x-requested-with': 'XMLHttpRequest' }],
      ['plan list', '/api/plan/manage/list?page=1&pageSize=10', signedIn],
    ];
    if (mode === 'after' && etag) cases.splice(2, 0, ['full-data 304', '/api/plan/config/full-data', { 'if-none-match': etag }]);
    for (const [label, urlPath, headers] of cases) {
      await load(server.baseURL + urlPath, headers, 2); // warm-up, not counted
      const result = await load(server.baseURL + urlPath, headers, SECONDS);
      const row: Row = {
        database,
        mode,
        path: label,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: label.endsWith('304') ? result.non2xx - (result['3xx'] ?? 0) : result.non2xx,
        errors: result.errors,
      };
      console.log(
        `${row.database.padEnd(8)} ${row.mode.padEnd(6)} ${row.path.padEnd(14)} ${String(row.requestsPerSecond).padStart(6)} req/s   p50 ${row.p50} ms   p99 ${row.p99} ms   failed ${row.non2xx}   errors ${row.errors}`,
      );
      rows.push(row);
    }
  } finally {
    await server.stop();
  }
  return rows;
}

async function benchDatabase(database: string): Promise<Row[]> {
  const target = await openTarget(database);
  const rows: Row[] = [];
  try {
    for (const mode of MODES) rows.push(...(await benchMode(database, mode, target.env)));
  } finally {
    await target.cleanup();
  }
  return rows;
}

console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per case (after a 2 s warm-up); server = src/main.ts in its own process`);
console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1/5/15 min) — other work on the machine skews the figures`,
);
const all: Row[] = [];
for (const database of DATABASES) all.push(...(await benchDatabase(database)));
console.log('\nSummary');
console.table(
  all.map((r) => ({
    database: r.database,
    mode: r.mode,
    case: r.path,
    'req/s': r.requestsPerSecond,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    failed: r.non2xx,
    errors: r.errors,
  })),
);
