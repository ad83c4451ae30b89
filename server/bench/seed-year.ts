/**
 * `npm run seed:year -w server -- [DATABASE_URL]` (or DATABASE_URL in the environment): fills a
 * PostgreSQL database with a year of operation, in SQL (generate_series, one INSERT ... SELECT per
 * table), in a few minutes:
 *   100 000 users (created over the year), 1 020 000 plans, 302 000 orders, 4 050 000 ledger rows;
 *   one seller (phone 13000000001) with 20 000 plans, 1 000 orders and 60 000 ledger rows.
 * The money adds up as `ops verify` checks it: every plan charged once through the ledger, a stopped
 * plan (a quarter, stopped before it began) refunded in full once, every paid points order credited
 * once, balance = ledger sum, never negative (each account opens with a credit, `adjust`). Member
 * orders are left unpaid (cancelled or expired), so no membership needs applying.
 * The database must hold the schema and reference data (start the API on it once: it migrates and
 * seeds them); the seeded accounts are new ones beside whatever is there. Sessions for the bench:
 * tokens `year-heavy` (the big seller), `year-typical` (13000000003, ~10 plans) and `year-admin`
 * (13000000002, console role admin). Ends with VACUUM ANALYZE (statistics, visibility map).
 */
import pg from 'pg';

export const YEAR = {
  users: 100_000,
  plans: 1_020_000,
  orders: 302_000,
  ledger: 4_050_000,
  heavyPlans: 20_000,
  heavyOrders: 1_000,
  heavyLedger: 60_000,
} as const;

/** The bench's accounts: user index -> phone, and their session tokens. */
export const YEAR_ACCOUNTS = {
  heavy: { index: 1, phone: '13000000001', token: 'year-heavy' },
  admin: { index: 2, phone: '13000000002', token: 'year-admin' },
  typical: { index: 3, phone: '13000000003', token: 'year-typical' },
} as const;

const ZONE = 'Asia/Shanghai';

/** The plans' hour distributions: the whole day's tasks at 10:00, for daily counts 10, 20, ..., 50 (plan n: 10 * (1 + n % 5)). */
const DISTRIBUTIONS = [10, 20, 30, 40, 50].map((daily) =>
  JSON.stringify(Array.from({ length: 24 }, (_, hour) => (hour === 10 ? daily : 0))),
);

/** Seeds the year into the database at `url`; with `empty`, only the three bench accounts (the same calls on an empty database). */
export async function seedYear(url: string, { empty = false, log = console.log } = {}): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const timings: Record<string, number> = {};
  const step = async (name: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, values);
    timings[name] = Math.round(performance.now() - started);
    log(`seed:year ${name}: ${result.rowCount ?? 0} rows in ${(timings[name] / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    await client.query(`set synchronous_commit = off`);
    const tables = await client
      .query(`select to_regclass('public.plans') as plans, (select count(*) from goods) as goods`)
      .catch(() => null);
    if (!tables?.rows[0]?.plans || Number(tables.rows[0].goods) === 0)
      throw new Error('seed:year: the database has no schema or reference data yet: start the API on it once (it migrates and seeds them)');
    const users = empty ? 3 : YEAR.users;
    const { rows: goods } = await client.query<{ id: number; type: string }>(`select id, type from goods order by id`);
    const goodsOf = (type: string) => goods.filter((row) => row.type === type).map((row) => row.id);
    if (!goodsOf('member').length || !goodsOf('integral').length) throw new Error('seed:year: no points package or membership goods');
    const { rows: before } = await client.query(`select coalesce(max(id), 0) as base from users`);
    const base = Number(before[0].base);
    // User n (1..users) is id base + n; created evenly over the year, the bench's three first.
    await step(
      'users',
      `insert into users (id, phone, password_hash, invite_code, member_level, integral, role, created_at)
       select $1::int + g, '13' || lpad(g::text, 9, '0'), 'scrypt$seed$year', 'Y' || g, 1, 0,
         case when g = ${YEAR_ACCOUNTS.admin.index} then 'admin' end,
         date_trunc('milliseconds', now() - interval '365 days' + (g - 1) * (interval '365 days' / $2::int))
       from generate_series(1, $2::int) g`,
      [base, users],
    );
    await client.query(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
    await step(
      'sessions',
      `insert into sessions (token_hash, user_id, created_at, expires_at, last_seen_at)
       select encode(sha256(convert_to(t.token, 'UTF8')), 'hex'), $1::int + t.n, now(), now() + interval '7 days', now()
       from (values ('${YEAR_ACCOUNTS.heavy.token}', ${YEAR_ACCOUNTS.heavy.index}), ('${YEAR_ACCOUNTS.admin.token}', ${YEAR_ACCOUNTS.admin.index}),
         ('${YEAR_ACCOUNTS.typical.token}', ${YEAR_ACCOUNTS.typical.index})) as t(token, n)`,
      [base],
    );
    // Each account opens with a credit at its creation, so no balance ever goes below 0.
    await client.query(
      `create temp table seed_ledger (user_id int, delta int, kind text, reference text, remark text, created_at timestamptz)`,
    );
    await step(
      'opening credits',
      `insert into seed_ledger select id, case when id = $1::int + 1 then 50000000 else 2000000 end, 'adjust', null, '开户赠送', created_at
       from users where id > $1::int`,
      [base],
    );
    if (!empty) {
      // Plans: the first 20 000 are the big seller's, the rest round the other accounts; each created
      // at a point between its owner's creation and now, starting the next day at 10:00 for 1 to 7
      // days; a quarter stopped an hour after creation (before they began: refunded in full), a tenth
      // of those deleted.
      await step(
        'plans',
        `with p as (
           select g, u.id as user_id, u.created_at + ((g::bigint * 104729) % 1000000) / 1000000.0 * (now() - u.created_at) as at
           from generate_series(1, $2::int) g
           join users u on u.id = $1::int + case when g <= $3::int then 1 else 2 + (g::bigint * 7919) % ($4::int - 1) end
         ), q as (
           select g, user_id, date_trunc('milliseconds', at) as created_at, (at at time zone '${ZONE}')::date + 1 as start_date,
             1 + g % 7 as days, 10 * (1 + g % 5) as daily, 2 + g % 4 as unit from p
         )
         insert into plans (user_id, flow_type, item_url, item_id, title, keywords, config_id, config_name, base_integral, options,
           daily_count, days, start_date, distribution, start_at, end_at, unit_cost, discount_percent, total_count, total_cost,
           stopped_at, dispatched_at_stop, refunded, created_at, deleted_at)
         select user_id, (array['tb','jd','pdd'])[1 + g % 3],
           'https://item.taobao.com/item.htm?id=' || (600000000000 + g), (600000000000 + g)::text,
           '商品标题 ' || g || (array[' 保温杯',' 电饭煲',' 雨伞',' 连衣裙'])[1 + g % 4],
           jsonb_build_array('关键词' || (g % 50), '热卖'), 1, '搜索浏览', unit, '[]'::jsonb,
           daily, days, start_date,
           ($5::jsonb[])[1 + g % 5],
           (start_date + time '10:00') at time zone '${ZONE}', (start_date + (days - 1) + time '11:00') at time zone '${ZONE}',
           unit, 100, daily * days, unit * daily * days,
           case when g % 4 = 0 then created_at + interval '1 hour' end,
           case when g % 4 = 0 then 0 end,
           case when g % 4 = 0 then unit * daily * days else 0 end,
           created_at,
           case when g % 40 = 0 then created_at + interval '2 hours' end
         from q`,
        [base, YEAR.plans, YEAR.heavyPlans, users, DISTRIBUTIONS],
      );
      await step(
        'plan charges and refunds',
        `insert into seed_ledger
         select user_id, -total_cost, 'plan_charge', 'plan:' || id, '发布计划 #' || id || '：' || title, created_at from plans where user_id > $1::int
         union all
         select user_id, refunded, 'plan_refund', 'plan:' || id, '停止计划 #' || id, stopped_at from plans where user_id > $1::int and refunded > 0`,
        [base],
      );
      // Orders: the first 1 000 are the big seller's. Points packages paid (credited) or expired;
      // memberships cancelled or expired; the last 100 still pending (transfers waiting for staff).
      await step(
        'orders',
        `with o as (
           select g, u.id as user_id, u.created_at + ((g::bigint * 15485863) % 1000000) / 1000000.0 * (now() - u.created_at) as at,
             (g % 5 = 0) as member
           from generate_series(1, $2::int) g
           join users u on u.id = $1::int + case when g <= $3::int then 1 else 2 + (g::bigint * 104723) % ($4::int - 1) end
         ), pick as (
           select o.*, gd.id as goods_id, gd.type, gd.name, gd.price, gd.points, gd.level, gd.days
           from o join goods gd on gd.id = case when o.member then ($5::int[])[1 + o.g % cardinality($5::int[])]
             else ($6::int[])[1 + o.g % cardinality($6::int[])] end
         )
         insert into orders (order_no, user_id, goods_id, goods_snapshot, type, amount, pay_type, status, created_at, expires_at, paid_at)
         select 'Y' || lpad(g::text, 10, '0'), user_id, goods_id,
           jsonb_build_object('id', goods_id, 'type', type, 'name', name, 'price', price, 'points', points, 'level', level, 'days', days),
           type, price, (array[1,2,3,4,6,9])[1 + g % 6],
           case when g > $2::int - 100 then 'pending' when member then (case when g % 2 = 0 then 'cancelled' else 'expired' end)
             when g % 10 = 7 then 'expired' else 'paid' end,
           case when g > $2::int - 100 then date_trunc('milliseconds', now() - interval '10 minutes') else date_trunc('milliseconds', at) end,
           case when g > $2::int - 100 then now() + interval '1 day' else date_trunc('milliseconds', at) + interval '30 minutes' end,
           case when g <= $2::int - 100 and not member and g % 10 <> 7 then date_trunc('milliseconds', at) + interval '2 minutes' end
         from pick`,
        [base, YEAR.orders, YEAR.heavyOrders, users, goodsOf('member'), goodsOf('integral')],
      );
      await step(
        'order credits',
        `insert into seed_ledger select o.user_id, (o.goods_snapshot->>'points')::int, 'recharge', 'order:' || o.order_no,
           '购买' || (o.goods_snapshot->>'name'), o.paid_at
         from orders o join users u on u.id = o.user_id where u.id > $1::int and o.status = 'paid'`,
        [base],
      );
      // The rest of the ledger: small console credits (活动赠送) over the year, so that the ledger
      // holds 4 050 000 rows and the big seller's 60 000.
      const { rows: counts } = await client.query(
        `select count(*) filter (where user_id = $1::int + 1) as heavy, count(*) as total from seed_ledger`,
        [base],
      );
      const heavyExtra = Math.max(0, YEAR.heavyLedger - Number(counts[0].heavy));
      const otherExtra = Math.max(0, YEAR.ledger - Number(counts[0].total) - heavyExtra);
      await step(
        'console credits',
        `insert into seed_ledger
         select u.id, 1 + g % 20, 'adjust', null, '活动赠送', u.created_at + ((g::bigint * 7727) % 1000000) / 1000000.0 * (now() - u.created_at)
         from generate_series(1, $2::int + $3::int) g
         join users u on u.id = $1::int + case when g <= $2::int then 1 else 2 + (g::bigint * 7741) % ($4::int - 1) end`,
        [base, heavyExtra, otherExtra, users],
      );
    }
    await step(
      'ledger',
      `insert into points_ledger (user_id, delta, balance_after, kind, reference, remark, created_at)
       select user_id, delta, sum(delta) over (partition by user_id order by created_at, kind, reference rows unbounded preceding), kind, reference, remark,
         date_trunc('milliseconds', created_at)
       from seed_ledger order by created_at`,
    );
    await step(
      'balances',
      `update users u set integral = s.total from (select user_id, sum(delta) as total from seed_ledger group by user_id) s where u.id = s.user_id`,
    );
    await client.query(`drop table seed_ledger`);
    await step('vacuum analyze', `vacuum analyze`);
    return timings;
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('usage: npm run seed:year -w server -- <postgres://...> (or DATABASE_URL)');
    process.exit(1);
  }
  const started = performance.now();
  seedYear(url, { empty: process.argv.includes('--empty') }).then(
    () => console.log(`seed:year: done in ${((performance.now() - started) / 1000).toFixed(0)} s`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
