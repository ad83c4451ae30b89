/**
 * Opens the database: embedded PGlite (a folder, or memory) by default, PostgreSQL when a URL is
 * given. Both run the same Drizzle schema and the same versioned migrations from server/drizzle.
 */
import fs from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema.ts';
import { withStartupLock } from './startup-lock.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite folder; '' or 'memory://' keeps the database in memory (tests). */
  dataDir?: string;
  /** Max pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * Seeds and other first-start work, run after the migrations. On PostgreSQL both run under the
   * startup lock, so processes starting together do them once.
   */
  prepare?: (db: Db) => Promise<void>;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    await withStartupLock(opts.databaseUrl, async () => {
      await migratePg(db as never, { migrationsFolder });
      await opts.prepare?.(db);
    });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = opts.dataDir && opts.dataDir !== 'memory://' ? opts.dataDir : undefined;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const { PGlite, drizzlePglite, migratePglite } = await loadPglite();
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  await opts.prepare?.(db);
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * PGlite and its Drizzle driver, loaded only for the embedded database: the production image runs
 * on PostgreSQL and leaves PGlite (an optional dependency) out.
 */
export async function loadPglite() {
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    return { PGlite, drizzlePglite, migratePglite };
  } catch (err) {
    if ((err as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error('The embedded database (PGlite) is not installed here: set DATABASE_URL to a PostgreSQL server.', { cause: err });
  }
}

/** True when err is a PostgreSQL unique violation (optionally on a named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  if (code !== '23505') return false;
  return !constraint || (e as { constraint?: string }).constraint === constraint;
}
