/**
 * Migration 0021 on a database that holds plans from before it: the kept counts learn how many of
 * each owner's live plans are stopped (the plan screens' counts read them), the triggers keep that
 * count through later stops and deletions, every existing plan gets its search text (the keyword
 * search finds old plans), and opening the database that way vacuums and analyses the rewritten
 * plans (they would otherwise be read row by row until autovacuum, which a rewrite does not wake),
 * as any start does for a table with rows never analysed (src/db/tidy.ts). On PGlite, and on the
 * PostgreSQL server of `npm run test:pg`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadPglite, openDatabase, type Database, type Db } from '../src/db/client.ts';
import { createScratchDatabase, usingPostgres } from './support/support.ts';
import { migrationsBefore, removeMigrationCopies } from './support/migrations.ts';

const MIGRATION_IDX = 21;
const folders: string[] = [];
afterAll(() => {
  removeMigrationCopies();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** A database migrated up to just before 0021, filled by `fill`, then opened the way the API opens it. */
async function databaseFrom(fill: (db: Db) => Promise<void>, log: { warn: () => void; info: (f: object, m: string) => void }) {
  if (usingPostgres) {
    const { url, drop } = await createScratchDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    await migratePg(drizzlePg({ client: pool }) as never, { migrationsFolder: migrationsBefore(MIGRATION_IDX) });
    await fill(drizzlePg({ client: pool }) as unknown as Db);
    await pool.end();
    const database = await openDatabase({ databaseUrl: url, log });
    return { database, close: async () => (await database.close(), await drop()) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'pglite-0021-'));
  folders.push(dir);
  const { PGlite, drizzlePglite, migratePglite } = await loadPglite();
  const client = new PGlite(dir);
  const early = drizzlePglite({ client }) as unknown as Db;
  await migratePglite(early as never, { migrationsFolder: migrationsBefore(MIGRATION_IDX) });
  await fill(early);
  await client.close();
  const database: Database = await openDatabase({ dataDir: dir, log });
  return { database, close: () => database.close() };
}

const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: any[] }).rows;

describe(`migration ${MIGRATION_IDX}: stopped counts and the keyword search's text`, () => {
  it('counts the stopped plans there were, keeps counting, fills the search text, then vacuums', { timeout: 180_000 }, async () => {
    let owner = 0;
    const fill = async (db: Db) => {
      owner = (
        await rows(db, sql`insert into users (phone, password_hash, invite_code) values ('13800000021', 'x', 'i0021') returning id`)
      )[0].id;
      const plan = (flowType: string, title: string, stopped: boolean, deleted: boolean) =>
        db.execute(sql`insert into plans (user_id, flow_type, item_url, item_id, title, keywords, config_id, config_name,
            base_integral, options, daily_count, days, start_date, distribution, start_at, end_at, unit_cost, discount_percent,
            total_count, total_cost, stopped_at, deleted_at)
          values (${owner}, ${flowType}, 'https://item.taobao.com/item.htm?id=600000000001', '600000000001', ${title},
            '["不锈钢保温杯", "Thermos"]'::jsonb, 1, '搜索浏览', 2, '[]'::jsonb, 10, 1, '2026-11-01',
            '[0,0,0,0,0,0,0,0,0,0,10,0,0,0,0,0,0,0,0,0,0,0,0,0]'::jsonb, '2026-11-01T02:00:00Z', '2026-11-01T03:00:00Z',
            2, 100, 10, 20, ${stopped ? sql`'2026-11-01T01:00:00Z'` : sql`null`}, ${deleted ? sql`'2026-11-02T00:00:00Z'` : sql`null`})`);
      await plan('tb', '计划一 保温杯', true, false);
      await plan('tb', '计划二 电饭煲', true, false);
      await plan('tb', '计划三 雨伞', false, false);
      await plan('jd', '计划四 保温杯', true, true); // deleted: in no count
      await plan('jd', '计划五 连衣裙', false, false);
      // Another seller's 3 000 plans: over 1 MB, as a table whose visibility map matters (tidy.ts).
      await db.execute(sql`insert into users (phone, password_hash, invite_code) values ('13800000023', 'x', 'i0023')`);
      await db.execute(sql`insert into plans (user_id, flow_type, item_url, item_id, title, keywords, config_id, config_name,
          base_integral, options, daily_count, days, start_date, distribution, start_at, end_at, unit_cost, discount_percent,
          total_count, total_cost)
        select u.id, 'pdd', 'https://item.taobao.com/item.htm?id=600000000002', '600000000002', '另一位卖家的计划 ' || g,
          '["关键词"]'::jsonb, 1, '搜索浏览', 2, '[]'::jsonb, 10, 1, '2026-11-01',
          '[0,0,0,0,0,0,0,0,0,0,10,0,0,0,0,0,0,0,0,0,0,0,0,0]'::jsonb, '2026-11-01T02:00:00Z', '2026-11-01T03:00:00Z', 2, 100, 10, 20
        from users u, generate_series(1, 3000) g where u.phone = '13800000023'`);
    };
    const tidied: string[][] = [];
    const log = {
      warn: () => {},
      info: (fields: object, message: string) => {
        if (message === 'tables without statistics vacuumed and analysed') tidied.push((fields as { tables: string[] }).tables);
      },
    };
    const { database, close } = await databaseFrom(fill, log);
    try {
      const { db } = database;
      const counts = async () =>
        Object.fromEntries(
          (await rows(db, sql`select flow_type, live, stopped from plan_counts where user_id = ${owner} order by flow_type`)).map((r) => [
            r.flow_type,
            [r.live, r.stopped],
          ]),
        );
      expect(await counts()).toEqual({ jd: [1, 0], tb: [3, 2] });
      // Kept by the triggers from now on: a stop, the deletion of a stopped plan, a move to another platform.
      await db.execute(sql`update plans set stopped_at = now() where user_id = ${owner} and title = '计划三 雨伞'`);
      expect(await counts()).toEqual({ jd: [1, 0], tb: [3, 3] });
      await db.execute(sql`update plans set deleted_at = now() where user_id = ${owner} and title = '计划一 保温杯'`);
      expect(await counts()).toEqual({ jd: [1, 0], tb: [2, 2] });
      await db.execute(sql`update plans set flow_type = 'pdd' where user_id = ${owner} and title = '计划二 电饭煲'`);
      expect(await counts()).toEqual({ jd: [1, 0], pdd: [1, 1], tb: [1, 1] });
      // The plans from before have their search text: lower-cased, the three fields one per line.
      const texts = await rows(db, sql`select title, search_text from plans where user_id = ${owner} order by id`);
      expect(texts[4]).toEqual({ title: '计划五 连衣裙', search_text: '计划五 连衣裙\n600000000001\n["不锈钢保温杯", "thermos"]' });
      // ...and the index that serves the search is there.
      expect(
        await rows(db, sql`select indexname from pg_indexes where tablename = 'plans' and indexname = 'plans_user_list_idx'`),
      ).toHaveLength(1);
      // The rewritten plans (and the tables filled before, never analysed) are vacuumed after the
      // open: in the background on PostgreSQL, before the open returns on PGlite.
      const deadline = Date.now() + 60_000;
      while (tidied.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(tidied[0], JSON.stringify(tidied)).toContain('public.plans');
      const [plansStats] = await rows(
        db,
        sql`select coalesce(last_vacuum, last_autovacuum) is not null as vacuumed, c.reltuples >= 0 as analysed
            from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'plans'`,
      );
      expect(plansStats).toEqual({ vacuumed: true, analysed: true });
    } finally {
      await close();
    }
  });

  // PostgreSQL only: PGlite has one connection, nothing else can hold a lock.
  it.skipIf(!usingPostgres)(
    'gives up after 10 s when a transaction holds plans, changing nothing, and says so',
    { timeout: 60_000 },
    async () => {
      const { url, drop } = await createScratchDatabase();
      const holder = new pg.Client({ connectionString: url });
      try {
        const pool = new pg.Pool({ connectionString: url, max: 1 });
        await migratePg(drizzlePg({ client: pool }) as never, { migrationsFolder: migrationsBefore(MIGRATION_IDX) });
        await pool.end();
        await holder.connect();
        await holder.query('begin');
        await holder.query('select count(*) from plans'); // a long transaction's ACCESS SHARE lock
        const started = Date.now();
        const failure = await openDatabase({ databaseUrl: url }).then(
          () => null,
          (err: Error) => err,
        );
        expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
        expect(failure?.message).toContain('a migration at');
        expect(failure?.message).toContain('waited over 10 s for a table lock and changed nothing');
        const [column] = (await holder.query(`select count(*)::int as n from information_schema.columns where column_name = 'search_text'`))
          .rows;
        expect(column).toEqual({ n: 0 });
        await holder.query('rollback');
      } finally {
        await holder.end().catch(() => {});
        await drop();
      }
    },
  );

  it('vacuums at a start what holds rows and was never analysed, only that, once', { timeout: 60_000 }, async () => {
    const tidied: string[][] = [];
    const log = {
      warn: () => {},
      info: (fields: object, message: string) => {
        if (message === 'tables without statistics vacuumed and analysed') tidied.push((fields as { tables: string[] }).tables);
      },
    };
    // A start after one that filled a table and stopped before any vacuum (a process that exited,
    // a vacuum cut short): the table is vacuumed then; the start after that finds nothing to do.
    const settled = async () => {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && tidied.length < expected) await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    let expected = 0;
    const starts = async (open: () => Promise<Database>) => {
      const fresh = await open(); // tables made, all empty: nothing to do
      await fresh.db.execute(sql`insert into users (phone, password_hash, invite_code) values ('13800000022', 'x', 'i0022')`);
      await fresh.close();
      expected = 1;
      const next = await open();
      await settled();
      await next.close();
      await (await open()).close();
      await settled();
    };
    if (usingPostgres) {
      const { url, drop } = await createScratchDatabase();
      try {
        await starts(() => openDatabase({ databaseUrl: url, log }));
      } finally {
        await drop();
      }
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'pglite-0021-'));
      folders.push(dir);
      await starts(() => openDatabase({ dataDir: dir, log }));
    }
    expect(tidied).toEqual([['public.users']]);
  });
});
