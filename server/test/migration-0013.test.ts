/**
 * Migration 0013 on a database that ran the migrations before it and holds audit rows as they were
 * written then (targets `user:<phone>`, staff actors by phone): afterwards every row names accounts
 * by id or masked phone only. A phone registered again after a row does not inherit that row (it
 * belonged to the deleted account), and the later migrations still run on top. On PGlite, and on
 * the PostgreSQL server of `npm run test:pg`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadPglite, type Db } from '../src/db/client.ts';
import { migrationsFolder } from '../src/paths.ts';
import { createScratchDatabase, usingPostgres } from './support/support.ts';
import { migrationsBefore, removeMigrationCopies } from './support/migrations.ts';

const MIGRATION_IDX = 13;
afterAll(removeMigrationCopies);

/** A database to migrate in two steps: `migrate(folder)` and `close()`. */
async function scratchDatabase(): Promise<{ db: Db; migrate: (folder: string) => Promise<void>; close: () => Promise<void> }> {
  if (usingPostgres) {
    const { url, drop } = await createScratchDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const db = drizzlePg({ client: pool }) as unknown as Db;
    return {
      db,
      migrate: (folder) => migratePg(db as never, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await drop();
      },
    };
  }
  const { PGlite, drizzlePglite, migratePglite } = await loadPglite();
  const client = new PGlite();
  const db = drizzlePglite({ client }) as unknown as Db;
  return { db, migrate: (folder) => migratePglite(db as never, { migrationsFolder: folder }), close: () => client.close() };
}

const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: any[] }).rows;

describe(`migration ${MIGRATION_IDX}: audit rows by account id`, () => {
  it('rewrites phone targets to the account id (or a masked phone) and staff actors to masked phones', { timeout: 180_000 }, async () => {
    const database = await scratchDatabase();
    try {
      const { db } = database;
      await database.migrate(migrationsBefore(MIGRATION_IDX));
      const user = async (phone: string, createdAt: string, deletedAt: string | null = null) =>
        (
          await rows(
            db,
            sql`insert into users (phone, password_hash, invite_code, created_at, deleted_at)
                values (${phone}, 'x', ${`i${phone}`}, ${createdAt}, ${deletedAt}) returning id`,
          )
        )[0].id as number;
      const live = await user('13800000001', '2026-01-01T00:00:00Z');
      const staff = await user('13800000002', '2026-01-01T00:00:00Z');
      const goneStaff = await user('deleted-x', '2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z');
      // 13800000003 belonged to an account deleted in May; it registered again in June.
      const again = await user('13800000003', '2026-06-01T00:00:00Z');
      const audit = (actorId: number | null, actor: string, target: string, at: string, after: object = {}) =>
        db.execute(
          sql`insert into audit_log (actor_id, actor, action, target, after, created_at)
              values (${actorId}, ${actor}, 'user.points', ${target}, ${JSON.stringify(after)}::jsonb, ${at})`,
        );
      await audit(staff, '13800000002', 'user:13800000001', '2026-02-01T00:00:00Z', { remark: '补偿' });
      await audit(goneStaff, '13800000009', 'user:13800000003', '2026-04-01T00:00:00Z');
      await audit(null, 'cli', 'user:13800000003', '2026-07-01T00:00:00Z');
      await audit(null, 'cli', 'order:20260101000000000001', '2026-07-01T00:00:00Z');

      await database.migrate(migrationsFolder);

      const after = await rows(db, sql`select actor, actor_id, target from audit_log order by id`);
      expect(after).toEqual([
        { actor: '138****0002', actor_id: staff, target: `user:#${live}` },
        // The deleted staff member keeps only its id; the row about the phone's earlier owner keeps a masked phone.
        { actor: `#${goneStaff}`, actor_id: goneStaff, target: 'user:138****0003' },
        { actor: 'cli', actor_id: null, target: `user:#${again}` },
        { actor: 'cli', actor_id: null, target: 'order:20260101000000000001' },
      ]);
      const { count } = (
        await rows(db, sql`select count(*)::int as count from audit_log where actor ~ '1\d{10}' or target ~ '1\d{10}'`)
      )[0];
      expect(count).toBe(0);
      // The columns and indexes of the migration are there.
      expect(await rows(db, sql`select provider_trade_no from orders limit 1`)).toEqual([]);
      expect(await rows(db, sql`select gateway, day, attempts, next_attempt_at, last_error from reconciliation_attempts`)).toEqual([]);
      const indexes = (await rows(db, sql`select indexname from pg_indexes where tablename in ('audit_log', 'orders')`)).map(
        (r) => r.indexname,
      );
      expect(indexes).toEqual(expect.arrayContaining(['audit_log_actor_id_idx', 'audit_log_target_idx', 'orders_provider_trade_no_idx']));
    } finally {
      await database.close();
    }
  });
});
