/**
 * `npm run bench:api`: the real server (`src/main.ts`, in its own process) on PGlite and on a
 * throwaway PostgreSQL, loaded by autocannon with 50 connections for 10 s per case. Prints
 * requests/s and p99 latency per case (figures, not pass/fail: the machine is shared).
 * Cases: GET /api/user/user-data (demo account token) and GET /api/plan/config/full-data (when
 * that route exists). Options (env): BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_DB
 * (`pglite,postgres`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error autocannon ships no types (and @types/autocannon is not installed)
import autocannon from 'autocannon';
import { startPostgres } from '../test/postgres-server.mjs';
import { startApiServer } from '../test/processes.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DATABASES = (process.env.BENCH_DB || 'pglite,postgres').split(',').map((s) => s.trim());

interface Row {
  database: string;
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

async function benchDatabase(database: string): Promise<Row[]> {
  let cleanup: () => Promise<void>;
  let env: Record<string, string>;
  if (database === 'postgres') {
    const pgServer = await startPostgres();
    env = { DATABASE_URL: pgServer.url, DATA_DIR: '' };
    cleanup = () => pgServer.stop();
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
    env = { DATA_DIR: dir, DATABASE_URL: '' };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const server = await startApiServer({ env: { LOG_LEVEL: 'warn', DIST_DIR: path.join(os.tmpdir(), 'no-dist'), ...env } });
  const rows: Row[] = [];
  try {
    const login = await fetch(`${server.baseURL}/api/user/pwd-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13800138000', password: 'demo12345' }),
    }).then((r) => r.json() as Promise<{ data?: { token: string } }>);
    const token = login.data?.token;
    if (!token) throw new Error(`demo login failed: ${JSON.stringify(login)}`);
    const cases: Array<[string, Record<string, string>]> = [['/api/user/user-data', { 't-token': token, 'x-requested-with': 'XMLHttpRequest' }]];
    const fullData = await fetch(`${server.baseURL}/api/plan/config/full-data`);
    if (fullData.ok) cases.push(['/api/plan/config/full-data', { 'x-requested-with': 'XMLHttpRequest' }]);
    else console.log(`(${database}) /api/plan/config/full-data answered ${fullData.status}: not benchmarked`);
    for (const [urlPath, headers] of cases) {
      await load(server.baseURL + urlPath, headers, 2); // warm-up, not counted
      const result = await load(server.baseURL + urlPath, headers, SECONDS);
      const row: Row = {
        database,
        path: urlPath,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
      console.log(`${row.database.padEnd(8)} ${row.path.padEnd(28)} ${String(row.requestsPerSecond).padStart(6)} req/s   p50 ${row.p50} ms   p99 ${row.p99} ms   non-2xx ${row.non2xx}   errors ${row.errors}`);
      rows.push(row);
    }
  } finally {
    await server.stop();
    await cleanup();
  }
  return rows;
}

console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per case (after a 2 s warm-up); server = src/main.ts in its own process`);
console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) — other work on the machine skews the figures`);
const all: Row[] = [];
for (const database of DATABASES) all.push(...(await benchDatabase(database)));
console.log('\nSummary');
console.table(all.map((r) => ({ database: r.database, path: r.path, 'req/s': r.requestsPerSecond, 'p99 ms': r.p99, 'non-2xx': r.non2xx, errors: r.errors })));
