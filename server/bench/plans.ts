/**
 * `npm run bench:plans`: the plan lists at scale on a real PostgreSQL server.
 * 100 000 plans across 1 000 users (user 1 holds 10 000 of them, the rest ~90 each), inserted with
 * generate_series; then p50/p99 latency of /api/plan/manage/list and /api/plan/count-data at 50
 * connections (autocannon), and the time and peak memory of exporting user 1's 10 000 plans.
 * The API is the real server (`src/main.ts`, its own process, DATABASE_URL, default pool); the
 * export's peak memory is that process's resident set (VmRSS / VmHWM from /proc).
 * Options (env): BENCH_SECONDS (10 per case), BENCH_NODE_ARGS (extra node flags for the server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
// @ts-expect-error autocannon ships no types (and @types/autocannon is not installed)
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { planFilterWhere, planPageQuery } from '../src/modules/plan/index.ts';
import { seedReferenceData } from '../src/seed.ts';
import { startPostgres } from '../test/postgres-server.mjs';
import { startApiServer } from '../test/processes.mjs';

const USERS = 1_000;
const PLANS = 100_000;
const HEAVY_USER_PLANS = 10_000;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

/** VmRSS / VmHWM (peak) of a process, in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const token = (i: number) => `bench-token-${i}`;

const pgServer = await startPostgres();
const database = await openDatabase({ databaseUrl: pgServer.url, poolSize: 4 });
let stopServer = async () => {};
const pool = new pg.Pool({ connectionString: pgServer.url, max: 1 });
try {
  const { db } = database;
  await seedReferenceData(db);
  const started = performance.now();
  await db.execute(sql`
    insert into users (phone, password_hash, invite_code, member_level, created_at)
    select '139' || lpad(g::text, 8, '0'), 'scrypt$bench$bench', 'B' || g, 1, now() - interval '90 days'
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into sessions (token_hash, user_id, created_at, expires_at)
    select encode(sha256(convert_to('bench-token-' || u.id, 'UTF8')), 'hex'), u.id, now(), now() + interval '7 days'
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
  await db.execute(sql`vacuum analyze`); // steady state: statistics and the visibility map (index-only scans)
  console.log(`Inserted ${USERS} users and ${PLANS} plans in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean); // e.g. --cpu-prof
  const server = await startApiServer({
    env: { LOG_LEVEL: 'warn', DATABASE_URL: pgServer.url, DIST_DIR: path.join(os.tmpdir(), 'no-dist') },
    nodeArgs,
  });
  stopServer = server.stop;
  const { child, baseURL: address } = server;

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [{ id: heavyUserId }] = (await rows<{ id: number }>(sql`select min(id)::int as id from users`)) as [{ id: number }];
  // The list page query exactly as the API builds it (status filter, page 3), for a typical user and user 1.
  for (const [who, userId] of [['user with ~90 plans', heavyUserId + 5], ['user with 10 000 plans', heavyUserId]] as const) {
    for (const [what, filters, page] of [
      ['first list page', { dateType: 'createdAt' }, 1],
      ['status-filtered list page 3', { status: 'completed', dateType: 'createdAt' }, 3],
    ] as const) {
      const query = planPageQuery(db, planFilterWhere(userId, filters, new Date(), 'Asia/Shanghai'), { page, pageSize: 10 }).toSQL();
      const explain = await pool.query(`explain (analyze, costs off) ${query.sql}`, query.params);
      console.log(`Plan of the ${what} (${who}):\n  ` + explain.rows.map((r) => Object.values(r)[0]).join('\n  '));
    }
  }

  // Export first, on a fresh server process, so its peak resident memory is the export's.
  const before = memoryOf(child.pid!);
  let peakRss = before.rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, memoryOf(child.pid!).rss)), 10);
  const exportStart = performance.now();
  const res = await fetch(`${address}/api/plan/manage/export`, { headers: { 't-token': token(heavyUserId) } });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  const exportMs = performance.now() - exportStart;
  clearInterval(sampler);
  const [{ n: exported }] = (await rows<{ n: number }>(
    sql`select count(*)::int as n from plans where user_id = ${heavyUserId} and deleted_at is null`,
  )) as [{ n: number }];
  console.log(
    `Export of ${exported} plans: HTTP ${res.status}, ${mb(bytes)} .xlsx in ${exportMs.toFixed(0)} ms; ` +
      `server RSS ${mb(before.rss)} before, peak ${mb(peakRss)} during (+${mb(peakRss - before.rss)}); VmHWM (maxRSS) ${mb(memoryOf(child.pid!).peak)}`,
  );

  const ordinaryUsers = Array.from({ length: USERS - 1 }, (_, i) => heavyUserId + 1 + i);
  const run = async (title: string, paths: string[], users: number[], connections = CONNECTIONS) => {
    let n = 0;
    const result = await autocannon({
      url: address,
      connections,
      duration: DURATION_S,
      requests: [
        {
          setupRequest: (req: any) => {
            n++;
            return { ...req, path: paths[n % paths.length], headers: { ...req.headers, 't-token': token(users[n % users.length]!) } };
          },
        },
      ],
    });
    const bad = result.non2xx + result.errors + result.timeouts;
    console.log(
      `${title}: ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms${bad ? `, ${bad} failed` : ''}`,
    );
  };

  console.log(`Load average before the load runs: ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} (${os.cpus().length} cores, shared)`);
  await run('warm-up', ['/api/plan/manage/list'], ordinaryUsers);
  await run('service time, 1 connection: manage/list page 1', ['/api/plan/manage/list?page=1&pageSize=10'], ordinaryUsers, 1);
  await run('service time, 1 connection: count-data', ['/api/plan/count-data'], ordinaryUsers, 1);
  await run('manage/list page 1 (1 000 users, ~90 plans each)', ['/api/plan/manage/list?page=1&pageSize=10'], ordinaryUsers);
  await run(
    'manage/list with filters (status / platform+keyword / start-date range / page 3)',
    [
      '/api/plan/manage/list?status=running',
      '/api/plan/manage/list?status=completed&flowType=jd',
      `/api/plan/manage/list?keyword=${encodeURIComponent('保温杯')}&flowType=tb`,
      '/api/plan/manage/list?dateType=startDate&dateFrom=2026-01-01&dateTo=2030-12-31&page=3&pageSize=20',
    ],
    ordinaryUsers,
  );
  await run('count-data (1 000 users)', ['/api/plan/count-data', '/api/plan/count-data?flowType=tb'], ordinaryUsers);
  await run('manage/list, user with 10 000 plans', ['/api/plan/manage/list', '/api/plan/manage/list?status=completed&page=50'], [heavyUserId]);
  await run('count-data, user with 10 000 plans', ['/api/plan/count-data'], [heavyUserId]);
} finally {
  await stopServer();
  await pool.end();
  await database.close();
  await pgServer.stop();
}
