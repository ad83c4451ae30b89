/**
 * The keyword search's index (plans_search_grams_idx) is built by the API after the migrations
 * (src/db/deferred-indexes.ts): before serving where the plans are few (and always on PGlite), in
 * the background with CREATE INDEX CONCURRENTLY where they are many, where writes go on meanwhile;
 * an index left invalid is built again; a build another process runs is left to it; closing the
 * database stops a build at once. Until the index is valid the search walks the list and answers the
 * same. On PGlite, and on the PostgreSQL server of `npm run test:pg`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { DEFERRED_INDEXES, indexState } from '../src/db/deferred-indexes.ts';
import { listPlans } from '../src/modules/plan/index.ts';
import { createScratchDatabase, usingPostgres } from './support/support.ts';

const INDEX = DEFERRED_INDEXES.find((index) => index.name === 'plans_search_grams_idx')!;
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    info: (_fields: object, message: string) => void lines.push(message),
    warn: (_f: object, m: string) => void lines.push(`warn: ${m}`),
  };
}

const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: any[] }).rows;

/** A seller with 30 plans, two of them holding 保温杯 in the title. */
async function fill(db: Db): Promise<number> {
  const [{ id: owner }] = await rows(
    db,
    sql`insert into users (phone, password_hash, invite_code) values ('13800000022', 'x', 'i0022') returning id`,
  );
  await db.execute(sql`
    insert into plans (user_id, flow_type, item_url, item_id, title, keywords, config_id, config_name, base_integral, options,
      daily_count, days, start_date, distribution, start_at, end_at, unit_cost, discount_percent, total_count, total_cost, created_at)
    select ${owner}, 'tb', 'https://item.taobao.com/item.htm?id=' || (600000000000 + g), (600000000000 + g)::text,
      '商品 ' || g || case when g in (7, 19) then ' 保温杯' else ' 雨伞' end, '["热卖"]'::jsonb, 1, '搜索浏览', 2, '[]'::jsonb,
      24, 1, date '2026-12-01', (select jsonb_agg(1) from generate_series(1, 24)), now(), now() + interval '1 day', 2, 100, 24, 48,
      now() - g * interval '1 minute'
    from generate_series(1, 30) g`);
  return owner;
}

async function searchIds(db: Db, owner: number, keyword: string) {
  const page = await listPlans(db, owner, { keyword, dateType: 'createdAt', page: 1, pageSize: 10 }, new Date(), 'Asia/Shanghai');
  return { total: page.total, titles: page.list.map((p) => p.title) };
}

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the keyword search index, built after the migrations', () => {
  it('is built as the schema declares it (the migration snapshot)', async () => {
    const journal = JSON.parse(readFileSync(join(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8')) as {
      entries: { idx: number }[];
    };
    const last = String(journal.entries.at(-1)!.idx).padStart(4, '0');
    const snapshot = JSON.parse(readFileSync(join(import.meta.dirname, `../drizzle/meta/${last}_snapshot.json`), 'utf8'));
    expect(snapshot.tables['public.plans'].indexes[INDEX.name]).toMatchObject({
      columns: [{ expression: 'plan_search_grams("user_id", "search_text")', isExpression: true }],
      where: '"plans"."deleted_at" is null',
      method: 'gin',
      with: { fastupdate: false },
    });
    const { url, drop } = usingPostgres ? await createScratchDatabase() : { url: undefined, drop: async () => {} };
    const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
    try {
      const [{ definition }] = await rows(database.db, sql`select pg_get_indexdef(to_regclass(${INDEX.name})) as definition`);
      expect(definition).toMatch(
        /USING gin \(plan_search_grams\(user_id, search_text\)\) WITH \(fastupdate='?off'?\) WHERE \(deleted_at IS NULL\)$/,
      );
    } finally {
      await database.close();
      await drop();
    }
  });

  it.skipIf(usingPostgres)('PGlite: built before serving, and again when a start finds it gone', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-0022-'));
    folders.push(dir);
    let database: Database = await openDatabase({ dataDir: dir });
    expect((await indexState(database.db, INDEX)).state).toBe('valid');
    const owner = await fill(database.db);
    expect(await searchIds(database.db, owner, '保温杯')).toEqual({ total: 2, titles: ['商品 7 保温杯', '商品 19 保温杯'] });
    await database.db.execute(sql`drop index plans_search_grams_idx`);
    await database.close();
    database = await openDatabase({ dataDir: dir });
    try {
      expect((await indexState(database.db, INDEX)).state).toBe('valid');
      expect(await searchIds(database.db, owner, '保温杯')).toEqual({ total: 2, titles: ['商品 7 保温杯', '商品 19 保温杯'] });
    } finally {
      await database.close();
    }
  });

  /**
   * A scratch PostgreSQL database that got the index at its first start (a new database: before
   * serving), then 30 plans, then lost the index; `admin` holds a writer's transaction open on
   * plans, which a concurrent build waits for (as CREATE INDEX CONCURRENTLY does), so the tests can
   * look at a build under way. Everything opened is closed and the database dropped after.
   */
  async function withoutTheIndex(
    run: (setting: { url: string; owner: number; admin: pg.Client; opened: Database[] }) => Promise<void>,
  ): Promise<void> {
    const { url, drop } = await createScratchDatabase();
    const admin = new pg.Client({ connectionString: url });
    const opened: Database[] = [];
    try {
      const first = await openDatabase({ databaseUrl: url });
      opened.push(first);
      expect((await indexState(first.db, INDEX)).state).toBe('valid');
      const owner = await fill(first.db);
      await first.db.execute(sql`drop index plans_search_grams_idx`);
      await first.close();
      await admin.connect();
      await admin.query('begin');
      await admin.query(`update plans set title = title where id = (select min(id) from plans)`);
      await run({ url, owner, admin, opened });
    } finally {
      await admin.query('rollback').catch(() => {});
      await admin.end().catch(() => {});
      for (const database of opened) await database.close().catch(() => {});
      await drop();
    }
  }

  it.skipIf(!usingPostgres)('PostgreSQL: a large table gets it concurrently in the background, once', { timeout: 120_000 }, () =>
    withoutTheIndex(async ({ url, owner, admin, opened }) => {
      // "Large" (every size, here): the start does not wait for the build.
      const log = recordingLog();
      const started = performance.now();
      const second = await openDatabase({ databaseUrl: url, plainIndexBuildMaxBytes: 0, log });
      opened.push(second);
      expect(performance.now() - started).toBeLessThan(10_000);
      await until(async () => (await indexState(second.db, INDEX)).state === 'building', 'the build to start');
      expect(log.lines).toContain('building index concurrently in the background');
      // Meanwhile the search walks the list and answers the same; plans can be written.
      expect(await searchIds(second.db, owner, '保温杯')).toEqual({ total: 2, titles: ['商品 7 保温杯', '商品 19 保温杯'] });
      await second.db.execute(sql`update plans set title = title || ' 保温杯' where title = '商品 3 雨伞'`);
      // A process starting now leaves the build to the one running it.
      const thirdLog = recordingLog();
      const third = await openDatabase({ databaseUrl: url, plainIndexBuildMaxBytes: 0, log: thirdLog });
      opened.push(third);
      expect(thirdLog.lines).toContain('another process is building index');
      expect(thirdLog.lines).not.toContain('building index concurrently in the background');
      await admin.query('commit');
      await until(async () => (await indexState(second.db, INDEX)).state === 'valid', 'the index to be valid');
      await until(async () => log.lines.includes('index built'), 'the build to be logged');
      expect([...log.lines, ...thirdLog.lines].filter((line) => line.startsWith('warn'))).toEqual([]);
      expect((await searchIds(second.db, owner, '保温杯')).total).toBe(3);
      // The search's condition is one the index answers (on 30 plans the planner would rather read them all).
      await admin.query('set enable_seqscan = off');
      const plan = await admin.query(
        `explain select id from plans where user_id + 0 = $1 and deleted_at is null
         and plan_search_grams(user_id, search_text) @> (select plan_keyword_grams($1, '保温杯'))`,
        [owner],
      );
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('Bitmap Index Scan on plans_search_grams_idx');
    }),
  );

  it.skipIf(!usingPostgres)(
    'PostgreSQL: a small table held by a writer waits 2 s, then builds in the background',
    { timeout: 120_000 },
    () =>
      withoutTheIndex(async ({ url, owner, admin, opened }) => {
        const log = recordingLog();
        const started = performance.now();
        const next = await openDatabase({ databaseUrl: url, log });
        opened.push(next);
        const waited = performance.now() - started;
        expect(waited).toBeGreaterThan(1_900);
        expect(waited).toBeLessThan(10_000);
        expect(log.lines).toContain('index build waited too long for its table; building it concurrently in the background instead');
        // Other writers were not held behind the build's lock request once the start gave up on it.
        await next.db.execute(sql`update plans set shop_name = 's' where title = '商品 2 雨伞'`);
        await until(async () => (await indexState(next.db, INDEX)).state === 'building', 'the build to start');
        await admin.query('commit');
        await until(async () => (await indexState(next.db, INDEX)).state === 'valid', 'the index to be valid');
        expect(await searchIds(next.db, owner, '保温杯')).toEqual({ total: 2, titles: ['商品 7 保温杯', '商品 19 保温杯'] });
      }),
  );

  it.skipIf(!usingPostgres)('PostgreSQL: closing leaves a build to the server; an invalid index is built again', { timeout: 120_000 }, () =>
    withoutTheIndex(async ({ url, owner, admin, opened }) => {
      const log = recordingLog();
      const building = await openDatabase({ databaseUrl: url, plainIndexBuildMaxBytes: 0, log });
      await until(async () => (await indexState(building.db, INDEX)).state === 'building', 'the build to start');
      const closing = performance.now();
      await building.close();
      expect(performance.now() - closing).toBeLessThan(5_000);
      expect(log.lines).toContain('database closed during an index build; the server goes on with it');
      const progress = async () => (await admin.query(`select pid from pg_stat_progress_create_index`)).rows as { pid: number }[];
      expect(await progress()).toHaveLength(1);
      // Cancelled there (as a statement timeout would): the index is left invalid.
      await admin.query('select pg_cancel_backend($1)', [(await progress())[0]!.pid]);
      await admin.query('rollback');
      await until(async () => (await progress()).length === 0, 'the cancelled build to end');
      const cut = await admin.query(`select indisvalid from pg_index where indexrelid = 'plans_search_grams_idx'::regclass`);
      expect(cut.rows).toEqual([{ indisvalid: false }]);

      // The next start (a small table: before serving) drops the invalid index and builds it.
      const next = await openDatabase({ databaseUrl: url });
      opened.push(next);
      expect((await indexState(next.db, INDEX)).state).toBe('valid');
      expect(await searchIds(next.db, owner, '保温杯')).toEqual({ total: 2, titles: ['商品 7 保温杯', '商品 19 保温杯'] });
    }),
  );
});
