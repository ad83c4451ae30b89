/**
 * `npm run bench:verify`: `ops verify` on a large database, its time and memory. A throwaway
 * PostgreSQL server (BENCH_DB=postgres, the default: the process measured then holds only the
 * check, not the database) or a PGlite folder (BENCH_DB=pglite) is filled with generate_series:
 * BENCH_USERS accounts (default 200 000), BENCH_ORDERS paid points orders each credited once
 * (500 000), BENCH_PLANS plans each charged once (500 000, one in ten stopped with its refund), the
 * balances equal to their ledgers: about 1.05 million ledger rows, all consistent, so the check
 * reads everything and finds nothing. Then `ops verify` runs in a child process of its own
 * (bench/verify-child.ts) and prints its wall time, peak RSS (VmHWM) and peak V8 heap.
 * BENCH_VERIFY_CHILD names other child scripts (comma-separated): the same child file copied into
 * a checkout of an older commit measures that commit's verify on the same database (before /
 * after). BENCH_VERIFY_NODE_ARGS runs each child again with these node flags, e.g.
 * `--max-old-space-size=64`: a check whose memory is bounded finishes under such a cap.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/db/client.ts';
import { seedReferenceData } from '../src/seed.ts';
import { startPostgres } from '../test/support/postgres-server.mjs';

const USERS = Number(process.env.BENCH_USERS || 200_000);
const ORDERS = Number(process.env.BENCH_ORDERS || 500_000);
const PLANS = Number(process.env.BENCH_PLANS || 500_000);
const DATABASE = process.env.BENCH_DB || 'postgres';
const CHILDREN = (process.env.BENCH_VERIFY_CHILD || path.join(import.meta.dirname, 'verify-child.ts')).split(',');
const NODE_ARG_SETS = [[], ...(process.env.BENCH_VERIFY_NODE_ARGS ? [process.env.BENCH_VERIFY_NODE_ARGS.split(' ')] : [])];

async function seed(db: Db): Promise<void> {
  await seedReferenceData(db);
  const started = performance.now();
  await db.execute(sql`
    insert into users (phone, password_hash, invite_code, created_at)
    select '139' || lpad(g::text, 8, '0'), 'scrypt$bench$bench', 'V' || g, now() - interval '90 days'
    from generate_series(1, ${USERS}) g`);
  const first = (await db.execute(sql`select min(id)::int as id from users where phone like '139%'`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  const base = first.rows[0]!.id;
  const goods = (await db.execute(sql`select id, price, points from goods where type = 'integral' order by id limit 1`)) as unknown as {
    rows: Array<{ id: number; price: number; points: number }>;
  };
  const { id: goodsId, price, points } = goods.rows[0]!;
  await db.execute(sql`
    insert into orders (order_no, user_id, goods_id, goods_snapshot, type, amount, pay_type, status, created_at, expires_at, paid_at)
    select lpad(g::text, 20, '0'), ${base} + (g % ${USERS}), ${goodsId},
      jsonb_build_object('id', ${goodsId}::int, 'type', 'integral', 'name', '积分包', 'price', ${price}::int, 'points', ${points}::int),
      'integral', ${price}, 1, 'paid', now() - interval '30 days', now() - interval '29 days', now() - interval '29 days'
    from generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`
    insert into points_ledger (user_id, delta, balance_after, kind, reference, remark, created_at)
    select user_id, ${points}, 0, 'recharge', 'order:' || order_no, '充值', paid_at from orders`);
  await db.execute(sql`
    insert into plans (user_id, flow_type, item_url, item_id, title, keywords, config_id, config_name, base_integral, options,
      daily_count, days, start_date, distribution, start_at, end_at, unit_cost, discount_percent, total_count, total_cost,
      stopped_at, dispatched_at_stop, refunded, created_at)
    select ${base} + (g % ${USERS}), 'tb', 'https://item.taobao.com/item.htm?id=' || (600000000000 + g), (600000000000 + g)::text,
      '商品 ' || g, '["关键词"]'::jsonb, 1, '搜索浏览', 2, '[]'::jsonb, 10, 1, current_date - 10,
      '[0,0,0,0,0,0,0,0,0,10,0,0,0,0,0,0,0,0,0,0,0,0,0,0]'::jsonb, now() - interval '10 days', now() - interval '9 days', 2, 100, 10, 20,
      case when g % 10 = 0 then now() - interval '10 days' end, case when g % 10 = 0 then 0 end, case when g % 10 = 0 then 20 else 0 end,
      now() - interval '11 days'
    from generate_series(1, ${PLANS}) g`);
  await db.execute(sql`
    insert into points_ledger (user_id, delta, balance_after, kind, reference, remark, created_at)
    select user_id, -total_cost, 0, 'plan_charge', 'plan:' || id, '发布计划 #' || id, created_at from plans`);
  await db.execute(sql`
    insert into points_ledger (user_id, delta, balance_after, kind, reference, remark, created_at)
    select user_id, refunded, 0, 'plan_refund', 'plan:' || id, '停止计划 #' || id, stopped_at from plans where refunded > 0`);
  await db.execute(sql`
    update users u set integral = l.total from (select user_id, sum(delta) as total from points_ledger group by user_id) l where l.user_id = u.id`);
  await db.execute(sql`analyze`);
  const counts = (await db.execute(
    sql`select (select count(*) from users)::int as users, (select count(*) from orders)::int as orders,
      (select count(*) from plans)::int as plans, (select count(*) from points_ledger)::int as ledger`,
  )) as unknown as { rows: Array<Record<string, number>> };
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(counts.rows[0])}`);
}

const pgServer = DATABASE === 'postgres' ? await startPostgres() : null;
const dataDir = pgServer ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-verify-'));
try {
  const opened = await openDatabase(pgServer ? { databaseUrl: pgServer.url, poolSize: 2, statementTimeoutMs: 0 } : { dataDir });
  await seed(opened.db);
  await opened.close();
  for (const [child, nodeArgs] of NODE_ARG_SETS.flatMap((args) => CHILDREN.map((child) => [child, args] as const))) {
    const run = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', child], {
      // No statement timeout: the older verify's whole-table statements take longer than the default 30 s here.
      env: { ...process.env, DATABASE_URL: pgServer?.url ?? '', DATA_DIR: dataDir, NODE_ENV: 'development', DB_STATEMENT_TIMEOUT_MS: '0' },
      cwd: path.dirname(path.dirname(child)),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const failed =
      run.status === 0
        ? ''
        : `  exited ${run.status ?? run.signal}: ${/(FATAL ERROR|heap out of memory)[^\n]*/.exec(run.stderr)?.[0] ?? run.stderr.slice(-300)}\n`;
    process.stdout.write(`${DATABASE} ${nodeArgs.join(' ')} ${child}\n${run.stdout}${failed}`);
  }
} finally {
  await pgServer?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
