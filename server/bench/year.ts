/**
 * `npm run bench:year -w server`: the API after a year of operation against the same calls on an
 * empty database, on a throwaway PostgreSQL server, before and after in one run.
 * Two databases: `year` (seed-year.ts: 100 000 users, 1 020 000 plans, 302 000 orders, 4 050 000
 * ledger rows, a seller with 20 000 plans and 60 000 ledger rows) and `empty` (the same three bench
 * accounts, nothing else). With BENCH_BEFORE_DIR (a checkout of the earlier commit, its
 * node_modules in place) that code's API runs first on both databases (it migrates them to its
 * schema; the year is seeded then), then this checkout's (its migrations run on the full database:
 * their time is printed). Each call is made BENCH_RUNS times (30) one after another after two
 * warm-ups, on the empty and the full database in turn (both APIs up, after a CHECKPOINT): a busy
 * moment of the machine falls on both alike. Printed: p50 and p95 per call and database, and the
 * data copy's time and the API's peak memory (VmHWM) before and after it.
 * Options (env): BENCH_BEFORE_DIR, BENCH_RUNS (30), BENCH_CALLS (a substring: only the calls whose name contains it).
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from '../test/support/postgres-server.mjs';
import { YEAR_ACCOUNTS, seedYear } from './seed-year.ts';

const RUNS = Number(process.env.BENCH_RUNS || 30);
const ONLY = process.env.BENCH_CALLS ?? '';
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR;

type StartApi = (opts: Record<string, unknown>) => Promise<{ baseURL: string; child: { pid?: number }; stop(): Promise<void> }>;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface Call {
  name: string;
  console?: boolean;
  path: (ids: Ids) => string;
  token: 'heavy' | 'typical' | 'admin';
}
interface Ids {
  planId: number;
  planLastPage: number;
  ledgerLastPage: number;
  typicalPlanId: number;
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const daysAgo = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() - n * 86_400_000));

const CALLS: Call[] = [
  { name: 'user-data', token: 'heavy', path: () => '/api/user/user-data' },
  { name: 'plan counts', token: 'heavy', path: () => '/api/plan/count-data' },
  { name: 'plan list p1', token: 'heavy', path: () => '/api/plan/manage/list?page=1&pageSize=10' },
  { name: 'plan list last page', token: 'heavy', path: (i) => `/api/plan/manage/list?page=${i.planLastPage}&pageSize=10` },
  { name: 'plan list running', token: 'heavy', path: () => '/api/plan/manage/list?page=1&pageSize=10&status=running' },
  { name: 'plan list pending', token: 'heavy', path: () => '/api/plan/manage/list?page=1&pageSize=10&status=pending' },
  { name: 'plan list completed', token: 'heavy', path: () => '/api/plan/manage/list?page=1&pageSize=10&status=completed' },
  { name: 'plan list completed p500', token: 'heavy', path: () => '/api/plan/manage/list?page=500&pageSize=10&status=completed' },
  { name: 'plan list stopped', token: 'heavy', path: () => '/api/plan/manage/list?page=1&pageSize=10&status=stopped' },
  { name: 'plan counts tb', token: 'heavy', path: () => '/api/plan/count-data?flowType=tb' },
  {
    name: 'plan list keyword',
    token: 'heavy',
    path: () => `/api/plan/manage/list?page=1&pageSize=10&keyword=${encodeURIComponent('保温杯')}`,
  },
  {
    name: 'plan list keyword tb p20',
    token: 'heavy',
    path: () => `/api/plan/manage/list?flowType=tb&page=20&pageSize=10&keyword=${encodeURIComponent('保温杯')}`,
  },
  {
    // one of the seller's 20 000 plans: its title
    name: 'plan list keyword in 1 plan',
    token: 'heavy',
    path: () => `/api/plan/manage/list?page=1&pageSize=10&keyword=${encodeURIComponent('标题 12345')}`,
  },
  {
    // a keyword of 1 plan in 50 (400): counted exactly
    name: 'plan list keyword in 400',
    token: 'heavy',
    path: () => `/api/plan/manage/list?page=2&pageSize=10&keyword=${encodeURIComponent('关键词7')}`,
  },
  {
    name: 'plan list keyword item id',
    token: 'heavy',
    path: () => `/api/plan/manage/list?page=1&pageSize=10&keyword=600000012345`,
  },
  { name: 'plan detail', token: 'heavy', path: (i) => `/api/plan/manage/detail?id=${i.planId}` },
  { name: 'ledger p1', token: 'heavy', path: () => '/api/order/list?type=integral-details&page=1&pageSize=10' },
  { name: 'ledger last page', token: 'heavy', path: (i) => `/api/order/list?type=integral-details&page=${i.ledgerLastPage}&pageSize=10` },
  { name: 'orders p1', token: 'heavy', path: () => '/api/order/list?type=record&page=1&pageSize=10' },
  { name: 'templates', token: 'heavy', path: () => '/api/plan/template/list?page=1&pageSize=10' },
  { name: 'typical: plan list', token: 'typical', path: () => '/api/plan/manage/list?page=1&pageSize=10' },
  { name: 'typical: ledger', token: 'typical', path: () => '/api/order/list?type=integral-details&page=1&pageSize=10' },
  { name: 'console stats 30 days', console: true, token: 'admin', path: () => `/api/admin/stats?from=${daysAgo(29)}&to=${today()}` },
  { name: 'console stats a year', console: true, token: 'admin', path: () => `/api/admin/stats?from=${daysAgo(365)}&to=${today()}` },
  { name: 'console orders p1', console: true, token: 'admin', path: () => '/api/admin/orders?page=1&pageSize=20' },
  { name: 'console orders p50', console: true, token: 'admin', path: () => '/api/admin/orders?page=50&pageSize=20' },
  { name: 'console pending orders', console: true, token: 'admin', path: () => '/api/admin/orders?status=pending&page=1&pageSize=20' },
  // Rare filters: the page is found through OFFSET in the filter's order (no seek), the total capped.
  {
    name: 'console pending by pay type',
    console: true,
    token: 'admin',
    path: () => '/api/admin/orders?status=pending&payType=9&page=1&pageSize=20',
  },
  { name: 'console pending last page', console: true, token: 'admin', path: () => '/api/admin/orders?status=pending&page=5&pageSize=20' },
  { name: 'console cancelled p100', console: true, token: 'admin', path: () => '/api/admin/orders?status=cancelled&page=100&pageSize=20' },
  {
    name: 'console expired one day',
    console: true,
    token: 'admin',
    path: () => `/api/admin/orders?status=expired&from=${daysAgo(60)}&to=${daysAgo(60)}&page=1&pageSize=20`,
  },
  {
    name: 'console seller orders p50',
    console: true,
    token: 'admin',
    path: () => `/api/admin/orders?phone=${YEAR_ACCOUNTS.heavy.phone}&page=50&pageSize=20`,
  },
  { name: 'console order no', console: true, token: 'admin', path: () => '/api/admin/orders?orderNo=Y00001&page=1&pageSize=20' },
  { name: 'console users p1', console: true, token: 'admin', path: () => '/api/admin/users?page=1&pageSize=20' },
  { name: 'console phone start', console: true, token: 'admin', path: () => '/api/admin/users?phone=1300001&page=1&pageSize=20' },
  { name: 'console phone end', console: true, token: 'admin', path: () => '/api/admin/users?phone=0003&page=1&pageSize=20' },
  { name: 'console user detail', console: true, token: 'admin', path: () => `/api/admin/users/${YEAR_ACCOUNTS.heavy.phone}` },
  { name: 'console audit', console: true, token: 'admin', path: () => '/api/admin/audit?page=1&pageSize=20' },
];

async function get(baseURL: string, path: string, token: string): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${baseURL}${path}`, { headers: { 't-token': token, 'X-Requested-With': 'XMLHttpRequest' } });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, bytes: body.byteLength };
}

async function idsOf(url: string): Promise<Ids> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (text: string, values: unknown[]) => Number((await client.query(text, values)).rows[0]?.n ?? 0);
    const heavy = `(select id from users where phone = '${YEAR_ACCOUNTS.heavy.phone}')`;
    const typical = `(select id from users where phone = '${YEAR_ACCOUNTS.typical.phone}')`;
    const plans = await one(`select count(*) as n from plans where user_id = ${heavy} and deleted_at is null`, []);
    const ledger = await one(`select count(*) as n from points_ledger where user_id = ${heavy}`, []);
    return {
      planId: (await one(`select max(id) as n from plans where user_id = ${heavy} and deleted_at is null`, [])) || 1,
      typicalPlanId: (await one(`select max(id) as n from plans where user_id = ${typical}`, [])) || 1,
      planLastPage: Math.max(1, Math.ceil(plans / 10)),
      ledgerLastPage: Math.max(1, Math.ceil(ledger / 10)),
    };
  } finally {
    await client.end();
  }
}

type Figures = Record<string, { p50: number; p95: number; first: number; status: number }>;

/**
 * Every call on every target (the empty and the full database, each its own API), the targets'
 * runs interleaved (one call on each in turn, the order alternating): the machine's load at any
 * moment falls on both alike, so their ratio is not a matter of which ran during a busy minute.
 */
async function measure(targets: { column: string; baseURL: string; ids: Ids }[]): Promise<Record<string, Figures>> {
  const figures: Record<string, Figures> = Object.fromEntries(targets.map((t) => [t.column, {}]));
  for (const call of CALLS.filter((c) => c.name.includes(ONLY))) {
    const token = YEAR_ACCOUNTS[call.token].token;
    const firsts = new Map<string, { ms: number; status: number }>();
    for (const t of targets) {
      firsts.set(t.column, await get(t.baseURL, call.path(t.ids), token));
      await get(t.baseURL, call.path(t.ids), token);
    }
    const times = new Map<string, number[]>(targets.map((t) => [t.column, []]));
    for (let i = 0; i < RUNS; i++)
      for (const t of i % 2 ? [...targets].reverse() : targets)
        times.get(t.column)!.push((await get(t.baseURL, call.path(t.ids), token)).ms);
    for (const t of targets) {
      const sorted = times.get(t.column)!.sort((a, b) => a - b);
      const first = firsts.get(t.column)!;
      figures[t.column]![call.name] = { p50: percentile(sorted, 50), p95: percentile(sorted, 95), first: first.ms, status: first.status };
    }
  }
  return figures;
}

async function dataCopy(baseURL: string, pid: number) {
  const before = memoryOf(pid);
  const copy = await get(baseURL, '/api/user/data-export', YEAR_ACCOUNTS.heavy.token);
  const after = memoryOf(pid);
  return { ms: copy.ms, bytes: copy.bytes, status: copy.status, rssBefore: before.rss, peakBefore: before.peak, peakAfter: after.peak };
}

async function main() {
  const postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  for (const name of ['year', 'empty']) await admin.query(`create database ${name}`);
  await admin.end();
  const urlOf = (name: string) => postgres.url.replace(/\/postgres$/, `/${name}`);
  const phases: { name: string; start: StartApi }[] = [];
  if (BEFORE_DIR) {
    const module = (await import(path.resolve(BEFORE_DIR, 'server/test/support/processes.mjs'))) as { startApiServer: StartApi };
    phases.push({ name: 'before', start: module.startApiServer });
  }
  const own = (await import('../test/support/processes.mjs')) as unknown as { startApiServer: StartApi };
  phases.push({ name: 'after', start: own.startApiServer });
  const results: Record<string, Figures> = {};
  const copies: Record<string, Awaited<ReturnType<typeof dataCopy>>> = {};
  const seeded = new Set<string>();
  try {
    for (const phase of phases) {
      const servers: { db: string; server: Awaited<ReturnType<StartApi>> }[] = [];
      try {
        for (const db of ['empty', 'year']) {
          const env = { DATABASE_URL: urlOf(db), LOG_LEVEL: 'warn', DB_STATEMENT_TIMEOUT_MS: '120000' };
          const started = performance.now();
          let server = await phase.start({ env, timeoutMs: 1_800_000 });
          console.log(`[${phase.name}] ${db}: API started (migrations included) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
          if (!seeded.has(db)) {
            const seedStart = performance.now();
            await seedYear(urlOf(db), { empty: db === 'empty', log: (line) => console.log(`  ${line}`) });
            console.log(`[${phase.name}] ${db}: seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
            seeded.add(db);
            // a fresh process: nothing cached from before the seed
            await server.stop();
            server = await phase.start({ env, timeoutMs: 1_800_000 });
          }
          servers.push({ db, server });
        }
        // The seed's or the migration's dirty pages written out now, not while the calls are timed.
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        await client.query('checkpoint');
        await client.end();
        // A start that migrated the year vacuums it in the background (server/src/db/client.ts):
        // measured after it, as a deployment settles. A VACUUM of our own waits for that one's lock.
        const vacuumStart = performance.now();
        const year = new pg.Client({ connectionString: urlOf('year') });
        await year.connect();
        await year.query('vacuum (analyze) plans');
        await year.end();
        console.log(`[${phase.name}] year: vacuum after the start done in ${((performance.now() - vacuumStart) / 1000).toFixed(1)} s`);
        // The keyword search's index, built in the background after a start that lacks it (migration 0022 on): measured with it.
        const indexStart = performance.now();
        for (;;) {
          const check = new pg.Client({ connectionString: urlOf('year') });
          await check.connect();
          const { rows } = await check.query(
            `select to_regprocedure('plan_search_grams(integer,text)') is null as before,
                    coalesce((select indisvalid from pg_index where indexrelid = to_regclass('plans_search_grams_idx')), false) as valid`,
          );
          await check.end();
          if (rows[0].before || rows[0].valid) break;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        console.log(`[${phase.name}] year: search index ready ${((performance.now() - indexStart) / 1000).toFixed(1)} s after the vacuum`);
        const targets = await Promise.all(
          servers.map(async ({ db, server }) => ({ column: `${phase.name} ${db}`, baseURL: server.baseURL, ids: await idsOf(urlOf(db)) })),
        );
        Object.assign(results, await measure(targets));
        if (!ONLY) for (const { db, server } of servers) copies[`${phase.name} ${db}`] = await dataCopy(server.baseURL, server.child.pid!);
      } finally {
        for (const { server } of servers) await server.stop();
      }
    }
  } finally {
    await postgres.stop();
  }
  const columns = Object.keys(results);
  const ms = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(1));
  console.log(`\nbench:year: p50 / p95 in ms of ${RUNS} sequential calls (first call in brackets where slower than 2x p95)`);
  console.log(`${'call'.padEnd(26)}${columns.map((c) => c.padStart(22)).join('')}`);
  for (const call of CALLS.filter((c) => c.name.includes(ONLY))) {
    const cells = columns.map((column) => {
      const f = results[column]![call.name];
      if (!f) return '-'.padStart(22);
      const first = f.first > 2 * f.p95 ? ` [${f.first.toFixed(0)}]` : '';
      const bad = f.status !== 200 ? ` (${f.status})` : '';
      return `${ms(f.p50)} / ${ms(f.p95)}${first}${bad}`.padStart(22);
    });
    console.log(`${(call.console ? `${call.name} *` : call.name).padEnd(26)}${cells.join('')}`);
  }
  console.log('* console calls (budget: < 300 ms); user calls: p95 within 2x of the empty database and < 100 ms');
  for (const [column, copy] of Object.entries(copies))
    console.log(
      `data copy (${column}): ${copy.status}, ${(copy.bytes / 1024 / 1024).toFixed(1)} MB in ${(copy.ms / 1000).toFixed(2)} s; ` +
        `API memory ${mb(copy.rssBefore)} before, peak ${mb(copy.peakBefore)} -> ${mb(copy.peakAfter)}`,
    );
}

await main();
