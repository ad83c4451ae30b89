/**
 * `npm run bench:plans`: the plan list at scale, before and after in one run.
 * 100 000 plans across 1 000 users (user 1 holds 10 000 of them, the rest ~90 each), inserted with
 * generate_series, on the embedded database (PGlite, the default) and, with BENCH_DB=postgres (or
 * `pglite,postgres`), on a throwaway PostgreSQL server.
 * Printed per database: EXPLAIN ANALYZE of the list statement (page and total) and of its count
 * alone; then p50/p95/p99 at 50 connections (autocannon) on one server process of the plan list
 * `before` (bench/baseline-server.ts: the session check and the list statement built with the
 * query builder on every request, as they were) and `after` (/api/plan/manage/list: both prepared
 * once per database handle, named on PostgreSQL), the same SQL behind both; then count-data at 50 connections, the service time of one connection, and the
 * time and peak memory of exporting user 1's 10 000 plans (VmRSS / VmHWM from /proc).
 * The list's earlier index (sorted rows of another index instead of walking its own) is not
 * rebuilt here: the EXPLAIN output of a run on an older commit shows it.
 * Options (env): BENCH_DB (`pglite`), BENCH_SECONDS (10 per case), BENCH_CONNECTIONS (50),
 * BENCH_NODE_ARGS (extra node flags for the server, e.g. --cpu-prof).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
// @ts-expect-error autocannon ships no types (and @types/autocannon is not installed)
import autocannon from 'autocannon';
import { openDatabase, type Db } from '../src/db/client.ts';
import { plans } from '../src/tables.ts';
import { planFilterWhere, planPageQuery, type PlanFilters } from '../src/modules/plan/index.ts';
import { seedReferenceData } from '../src/seed.ts';
import { startPostgres } from '../test/support/postgres-server.mjs';
import { startApiServer } from '../test/support/processes.mjs';

const USERS = 1_000;
const PLANS = 100_000;
const HEAVY_USER_PLANS = 10_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION_S = Number(process.env.BENCH_SECONDS || 10);
const DATABASES = (process.env.BENCH_DB || 'pglite').split(',').map((s) => s.trim());
const TIME_ZONE = 'Asia/Shanghai';

/** VmRSS / VmHWM (peak) of a process, in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const token = (i: number) => `bench-token-${i}`;

async function seed(db: Db): Promise<void> {
  await seedReferenceData(db);
  const started = performance.now();
  await db.execute(sql`
    insert into users (phone, password_hash, invite_code, member_level, created_at)
    select '139' || lpad(g::text, 8, '0'), 'scrypt$bench$bench', 'B' || g, 1, now() - interval '90 days'
    from generate_series(1, ${USERS}) g`);
  // last_seen_at now: the session check only reads during the runs (its write is due every few minutes).
  await db.execute(sql`
    insert into sessions (token_hash, user_id, created_at, expires_at, last_seen_at)
    select encode(sha256(convert_to('bench-token-' || u.id, 'UTF8')), 'hex'), u.id, now(), now() + interval '7 days', now()
    from users u`);
  // Plans: user 1 gets the first 10 000, the others share the rest. Dates spread over 60 days back
  // and 30 ahead, so every status occurs; 5% stopped, 3% deleted. Distribution 08:00-21:00, 1 each.
  await db.execute(sql`
    with p as (
      select g,
        case when g <= ${HEAVY_USER_PLANS} then (select min(id) from users) else (select min(id) from users) + 1 + (g % (${USERS} - 1)) end as user_id,
        (current_date - 60 + (g % 90))::date as start_date,
        1 + (g % 10) as days,
        date_trunc('milliseconds', now() - ((g % 86400) * interval '1 minute')) as created_at
      from generate_series(1, ${PLANS}) g
    )
    insert into plans (user_id, flow_type, item_url, item_id, title, keywords, config_id, config_name, base_integral, options,
      daily_count, days, start_date, distribution, start_at, end_at, unit_cost, discount_percent, total_count, total_cost,
      stopped_at, dispatched_at_stop, refunded, created_at, deleted_at)
    select user_id, (array['tb','jd','pdd'])[1 + g % 3],
      'https://item.taobao.com/item.htm?id=' || (600000000000 + g), (600000000000 + g)::text,
      '商品标题 ' || g || (array[' 保温杯',' 电饭煲',' 雨伞',' 连衣裙'])[1 + g % 4],
      jsonb_build_array('关键词' || (g % 50), '热卖'), 1, '搜索浏览', 2, '[]'::jsonb,
      14, days, start_date, '[0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,0]'::jsonb,
      (start_date + time '08:00') at time zone 'Asia/Shanghai',
      (start_date + (days - 1) + time '22:00') at time zone 'Asia/Shanghai',
      4, 100, 14 * days, 56 * days,
      case when g % 20 = 0 then created_at + interval '1 hour' end,
      case when g % 20 = 0 then 0 end, 0, created_at,
      case when g % 33 = 0 and g % 20 = 0 then created_at + interval '2 hours' end
    from p`);
  // Steady state: statistics and the visibility map (index-only scans). An autovacuum that took its
  // snapshot before the inserts ended keeps VACUUM from marking their pages all-visible: retry.
  let pages = { relpages: 0, relallvisible: -1 };
  for (let attempt = 0; attempt < 10 && pages.relallvisible < pages.relpages; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 1000));
    await db.execute(sql`vacuum analyze`);
    const { rows } = (await db.execute(sql`select relpages, relallvisible from pg_class where relname = 'plans'`)) as unknown as {
      rows: (typeof pages)[];
    };
    pages = rows[0]!;
  }
  console.log(
    `Inserted ${USERS} users and ${PLANS} plans in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `${pages.relallvisible} of ${pages.relpages} table pages all-visible after VACUUM`,
  );
}

/** EXPLAIN ANALYZE of the list statement (page and total) and of its count alone, for two users and two pages each. */
async function explainLists(db: Db, heavyUserId: number): Promise<void> {
  const explain = async (title: string, query: SQL) => {
    const { rows } = (await db.execute(sql`explain (analyze, costs off) ${query}`)) as unknown as { rows: Record<string, string>[] };
    console.log(`${title}:\n  ${rows.map((r) => Object.values(r)[0]).join('\n  ')}`);
  };
  const now = new Date();
  for (const [who, userId, deepPage] of [
    ['user with ~90 plans', heavyUserId + 5, 3],
    ['user with 10 000 plans', heavyUserId, 50],
  ] as const) {
    const cases: [string, PlanFilters, number][] = [
      ['first list page', { dateType: 'createdAt' }, 1],
      [`status-filtered list page ${deepPage}`, { status: 'completed', dateType: 'createdAt' }, deepPage],
    ];
    for (const [what, filters, page] of cases) {
      const where = planFilterWhere(userId, filters, now, TIME_ZONE);
      await explain(`[list] ${what} (${who})`, planPageQuery(db, where, { limit: 10, offset: (page - 1) * 10 }).getSQL());
      await explain(`[count alone] ${what} (${who})`, sql`select count(*) from ${plans} where ${where}`);
    }
  }
}

interface Latencies {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Loads `paths` in turn (one per request) with the tokens of `users` in turn; latencies of every answer. */
function load(baseURL: string, paths: string[], users: number[], connections: number, seconds: number): Promise<Latencies> {
  let n = 0;
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const tracker = autocannon(
      {
        url: baseURL,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req: any) => {
              n++;
              return { ...req, path: paths[n % paths.length], headers: { ...req.headers, 't-token': token(users[n % users.length]!) } };
            },
          },
        ],
      },
      (err: Error | null, result: any) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        resolve({
          requests: result.requests.total,
          perSecond: Math.round(result.requests.average),
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          failed: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    tracker.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  });
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (l: Latencies) =>
  `${String(l.perSecond).padStart(5)} req/s  p50 ${ms(l.p50).padStart(9)}  p95 ${ms(l.p95).padStart(9)}  p99 ${ms(l.p99).padStart(9)}${l.failed ? `  ${l.failed} failed` : ''}`;

async function benchDatabase(database: string): Promise<Record<string, string | number>[]> {
  const pgServer = database === 'postgres' ? await startPostgres() : null;
  const dataDir = pgServer ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-plans-'));
  const target = pgServer ? { DATABASE_URL: pgServer.url, DATA_DIR: '' } : { DATABASE_URL: '', DATA_DIR: dataDir };
  let stopServer = async () => {};
  const summary: Record<string, string | number>[] = [];
  try {
    console.log(`\n=== ${database} ===`);
    const opened = await openDatabase(pgServer ? { databaseUrl: pgServer.url, poolSize: 2 } : { dataDir });
    let heavyUserId: number;
    try {
      await seed(opened.db);
      const { rows } = (await opened.db.execute(sql`select min(id)::int as id from users`)) as unknown as { rows: { id: number }[] };
      heavyUserId = rows[0]!.id;
      await explainLists(opened.db, heavyUserId);
    } finally {
      await opened.close(); // PGlite's folder belongs to one process at a time: the server's next
    }

    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const server = await startApiServer({
      entry: 'bench/baseline-server.ts',
      env: { LOG_LEVEL: 'warn', DIST_DIR: path.join(os.tmpdir(), 'no-dist'), ...target },
      nodeArgs,
      timeoutMs: 600_000, // a start on a loaded shared machine can take minutes
      what: 'bench:plans server',
    });
    stopServer = server.stop;
    const { child, baseURL } = server;

    // Export first, on a fresh server process, so its peak resident memory is the export's.
    const before = memoryOf(child.pid!);
    let peakRss = before.rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, memoryOf(child.pid!).rss)), 10);
    const exportStart = performance.now();
    const res = await fetch(`${baseURL}/api/plan/manage/export`, { headers: { 't-token': token(heavyUserId) } });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
    const exportMs = performance.now() - exportStart;
    clearInterval(sampler);
    console.log(
      `Export of user 1's live plans: HTTP ${res.status}, ${mb(bytes)} .xlsx in ${exportMs.toFixed(0)} ms; ` +
        `server RSS ${mb(before.rss)} before, peak ${mb(peakRss)} during (+${mb(peakRss - before.rss)}); VmHWM (maxRSS) ${mb(memoryOf(child.pid!).peak)}`,
    );

    const ordinaryUsers = Array.from({ length: USERS - 1 }, (_, i) => heavyUserId + 1 + i);
    const cases: [string, string[], number[]][] = [
      ['page 1, 1 000 users (~90 plans each)', ['?page=1&pageSize=10'], ordinaryUsers],
      [
        'status / platform filters, pages 1-3',
        ['?status=running', '?status=completed&flowType=jd', '?status=completed&page=3', '?status=pending&flowType=tb&page=2'],
        ordinaryUsers,
      ],
      ['user with 10 000 plans: page 1 and completed page 50', ['?page=1&pageSize=10', '?status=completed&page=50'], [heavyUserId]],
    ];
    console.log(
      `\n${database}: ${CONNECTIONS} connections, ${DURATION_S} s per run after a 2 s warm-up; ` +
        `load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' / ')} (${os.cpus().length} cores, shared: other work skews the figures)`,
    );
    for (const [title, queries, users] of cases) {
      for (const [mode, route] of [
        ['before', '/bench/plan-list-before'],
        ['after', '/api/plan/manage/list'],
      ] as const) {
        const paths = queries.map((q) => route + q);
        await load(baseURL, paths, users, CONNECTIONS, 2);
        const result = await load(baseURL, paths, users, CONNECTIONS, DURATION_S);
        console.log(`${database.padEnd(8)} ${mode.padEnd(6)} ${title.padEnd(54)} ${line(result)}`);
        summary.push({
          database,
          mode,
          case: title,
          'req/s': result.perSecond,
          'p50 ms': +result.p50.toFixed(1),
          'p95 ms': +result.p95.toFixed(1),
          'p99 ms': +result.p99.toFixed(1),
          failed: result.failed,
        });
      }
    }
    const counts = await load(
      baseURL,
      ['/api/plan/count-data', '/api/plan/count-data?flowType=tb'],
      ordinaryUsers,
      CONNECTIONS,
      DURATION_S,
    );
    console.log(`${database.padEnd(8)} ${'-'.padEnd(6)} ${'count-data, 1 000 users'.padEnd(54)} ${line(counts)}`);
    const service = await load(baseURL, ['/api/plan/manage/list?page=1&pageSize=10'], ordinaryUsers, 1, DURATION_S);
    console.log(`${database.padEnd(8)} ${'after'.padEnd(6)} ${'service time, 1 connection: page 1'.padEnd(54)} ${line(service)}`);
  } finally {
    await stopServer();
    await pgServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return summary;
}

const all: Record<string, string | number>[] = [];
for (const database of DATABASES) all.push(...(await benchDatabase(database)));
console.log('\nSummary (plan list; before = statements built per request, after = /api/plan/manage/list, prepared)');
console.table(all);
