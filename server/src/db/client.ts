/**
 * Opens the database: embedded PGlite (a folder, or memory) by default, PostgreSQL when a URL is
 * given. Both run the same versioned migrations from server/drizzle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import { STARTUP_LOCK_WAIT_MS, withStartupLock } from './startup-lock.ts';
import { postgresExclusive, runAlone, type RunExclusive } from './exclusive.ts';
import { tablesToTidy, vacuumStatement } from './tidy.ts';
import { causes, errorCode } from './error-code.ts';
import {
  PLAIN_BUILD_MAX_BYTES,
  analyzeStatement,
  buildSmallIndexes,
  buildStatements,
  indexState,
  type DeferredIndex,
} from './deferred-indexes.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, problemLine } from '../config.ts';

// No schema is handed to drizzle(): the queries name their tables (each module owns its own), and
// the relational query API (db.query.*) that would need every table is not used.
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Runs a job's work unless another process sharing this database runs it now (see exclusive.ts). */
  exclusive: RunExclusive;
  /** PostgreSQL only: connections of the pool (open, idle, and requests waiting for one). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** What openDatabase reports on: lost connections (a pino logger fits). */
export interface DatabaseLog {
  warn(fields: object, message: string): void;
  info?(fields: object, message: string): void;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite folder; '' or 'memory://' keeps the database in memory (tests). */
  dataDir?: string;
  /** Max pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: give up on opening a connection after this long. */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement running longer than this. */
  statementTimeoutMs?: number;
  log?: DatabaseLog;
  /**
   * Seeds and other first-start work, run after the migrations. On PostgreSQL both run under the
   * startup lock, so processes starting together do them once.
   */
  prepare?: (db: Db) => Promise<void>;
  /**
   * PostgreSQL: build the deferred indexes of a large table concurrently in the background
   * (deferred-indexes.ts); default true. A command that exits at once (the ops CLI) leaves them to
   * the server.
   */
  backgroundIndexBuilds?: boolean;
  /** PostgreSQL: the largest table whose deferred index is built plainly before serving (tests set 0). */
  plainIndexBuildMaxBytes?: number;
}

/**
 * The client stops waiting for an answer this long after the statement timeout: the server
 * cancels first (a clean 57014); this only fires when the server has gone silent.
 */
const CLIENT_TIMEOUT_MARGIN_MS = 5_000;

/**
 * Opening the database failed for a reason an operator can fix; the message is one problem line
 * (config.ts problemLine: the setting, what is wrong, what to do), never with the password of DATABASE_URL.
 */
export class DatabaseOpenError extends Error {
  constructor(setting: 'DATABASE_URL' | 'DATA_DIR', [wrong, fix]: [wrong: string, fix: string], options?: { cause?: unknown }) {
    super(problemLine(setting, wrong, fix), options);
    this.name = 'DatabaseOpenError';
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  const dir = opts.dataDir && opts.dataDir !== 'memory://' ? opts.dataDir : undefined;
  if (dir) checkDataDir(dir);
  const { PGlite, drizzlePglite, migratePglite } = await loadPglite();
  let client: InstanceType<typeof PGlite> | undefined;
  let database: Database;
  try {
    client = new PGlite(dir);
    await client.waitReady;
    const db = drizzlePglite({ client }) as unknown as Db;
    const migrated = await migrationsApplied(db, () => migratePglite(db as never, { migrationsFolder }));
    // Before any request: PGlite has one connection, a vacuum would hold every request behind it.
    await tidy(
      await tablesToTidyOrNone(db, migrated, opts.log),
      (tables) => db.execute(sql.raw(vacuumStatement(tables))),
      opts.log,
      'vacuuming tables without statistics before serving',
    );
    await buildSmallIndexes(db, opts.log, { plainUpTo: Infinity });
    database = { db, kind: 'pglite', close: () => client!.close(), exclusive: runAlone };
  } catch (err) {
    await client?.close().catch(() => {});
    const reason = errorCode(err) ?? (err as Error)?.message ?? String(err);
    throw new DatabaseOpenError(
      'DATA_DIR',
      [
        `the embedded database in ${dir ?? '(memory)'} cannot be opened (${reason})`,
        'check that the folder holds a database of this version and is readable and writable by this user, or point DATA_DIR at another folder',
      ],
      { cause: err },
    );
  }
  // PGlite is one process's database: nothing to serialise with.
  try {
    await opts.prepare?.(database.db);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

async function openPostgres(databaseUrl: string, opts: OpenOptions): Promise<Database> {
  const target = describeTarget(databaseUrl);
  const connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeoutMs = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: connectTimeoutMs,
    // 0 turns a timeout off, as in PostgreSQL and pg.
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs > 0 ? statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS : 0,
    keepAlive: true,
  });
  // A connection can die at any time (backend terminated, server restart, failover, network).
  // Without listeners its 'error' event would end the process; the pool drops the dead client
  // and the next query opens a new connection. Each loss is logged once, by the client listener.
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.log?.warn({ err, database: target.where }, 'database connection lost; the pool will reconnect'));
  });
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool }) as unknown as Db;
  let indexesLeft: DeferredIndex[] = [];
  let tidied: Promise<void> = Promise.resolve();
  try {
    await withStartupLock(
      databaseUrl,
      async () => {
        const migrated = await migrationsApplied(db, () => migrateOnItsOwn(databaseUrl, connectTimeoutMs));
        // In the background, on its own connection: VACUUM blocks no reader or writer, requests are only slower meanwhile.
        // Listed before the index builds, whose ANALYZE would hide a table never vacuumed.
        const tables = await tablesToTidyOrNone(db, migrated, opts.log);
        indexesLeft = await buildSmallIndexes(db, opts.log, { plainUpTo: opts.plainIndexBuildMaxBytes ?? PLAIN_BUILD_MAX_BYTES });
        tidied = tidy(
          tables,
          (names) => onItsOwnConnection(databaseUrl, connectTimeoutMs, (client) => client.query(vacuumStatement(names))),
          opts.log,
        );
        await opts.prepare?.(db);
      },
      { connectTimeoutMs },
    );
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseOpenError('DATABASE_URL', postgresOpenProblem(err, target, connectTimeoutMs), { cause: err });
  }
  const builds =
    opts.backgroundIndexBuilds === false || indexesLeft.length === 0
      ? undefined
      : // After the vacuum: both take the table's vacuum lock, and the vacuum skips a table it finds locked.
        buildConcurrently(indexesLeft, databaseUrl, connectTimeoutMs, opts.log, tidied);
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await builds?.stop();
      await pool.end();
    },
    exclusive: postgresExclusive(databaseUrl, connectTimeoutMs),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Builds `indexes` with CREATE INDEX CONCURRENTLY, in the background on a connection of its own,
 * each under a session advisory lock on that connection (two concurrent builds of one index
 * deadlock; a lock held in another session's transaction would be waited for by the build), and
 * unless another process builds it now (deferred-indexes.ts). Writes and reads go on meanwhile.
 * The connection asks for no statement timeout (a startup parameter, as the pool's own; behind
 * PgBouncer, which must be told to ignore it, the role's own applies). `stop()` (closing the
 * database) ends the connection at once; the server's backend, which notices that only when it
 * next writes to it, goes on with the build: a later start finds the index built or being built,
 * or (the build cancelled or failed) invalid, and then builds it again. Never throws.
 */
function buildConcurrently(
  indexes: DeferredIndex[],
  databaseUrl: string,
  connectTimeoutMs: number,
  log: DatabaseLog | undefined,
  after: Promise<void>,
) {
  let stopped = false;
  let building: pg.Client | undefined;
  const done = (async () => {
    await after;
    for (const index of indexes) {
      if (stopped) return;
      try {
        await onItsOwnConnection(
          databaseUrl,
          connectTimeoutMs,
          async (client) => {
            building = client;
            const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [
              `index:${index.name}`,
            ]);
            const on = drizzlePg({ client });
            const { state } = await indexState(on, index);
            if (!rows[0]!.locked || state === 'building') return log?.info?.({ index: index.name }, 'another process is building index');
            const statements = buildStatements(index, state, true);
            if (statements.length === 0 || stopped) return;
            log?.info?.({ index: index.name }, 'building index concurrently in the background');
            const started = performance.now();
            for (const statement of [...statements, analyzeStatement(index)]) if (!stopped) await client.query(statement);
            if (stopped) return;
            // IF NOT EXISTS also skips an index another build left invalid: said as it is.
            if ((await indexState(on, index)).state === 'valid')
              log?.info?.({ index: index.name, ms: Math.round(performance.now() - started) }, 'index built');
            else
              log?.warn(
                { index: index.name },
                'index build left the index invalid; the next start builds it again (queries do without it)',
              );
          },
          // The largest a startup parameter takes (24 days): 0 is not sent by pg.
          { statement_timeout: 2_147_483_647 },
        );
      } catch (err) {
        if (stopped) log?.info?.({ index: index.name }, 'database closed during an index build; the server goes on with it');
        else log?.warn({ err, index: index.name }, 'index build failed; the next start tries again (queries do without it)');
      } finally {
        building = undefined;
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      // Not waiting for the vacuum before the builds (it runs on): only for a build under way.
      const current = building;
      if (current) {
        await current.end().catch(() => {});
        await done;
      }
    },
  };
}

/** Runs `migrate`; true when it applied any migration to a database that had some (not a new one). */
async function migrationsApplied(db: Db, migrate: () => Promise<unknown>): Promise<boolean> {
  const before = await appliedMigrations(db);
  await migrate();
  return before > 0 && (await appliedMigrations(db)) > before;
}

/** How many migrations the database has recorded (0 before the first: drizzle's table does not exist yet). */
async function appliedMigrations(db: Db): Promise<number> {
  // Asked first, not left to fail: a failing query writes an ERROR to the server's log on every first start.
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [table] = await rows(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return 0;
  const [applied] = await rows(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(applied?.n ?? 0);
}

/**
 * `run` on a connection of its own, outside the pool and without its statement and client timeouts
 * (which bound requests; the role's own default still applies), closed after.
 */
async function onItsOwnConnection<T>(
  databaseUrl: string,
  connectTimeoutMs: number,
  run: (client: pg.Client) => Promise<T>,
  settings: Pick<pg.ClientConfig, 'statement_timeout'> = {},
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectTimeoutMs, ...settings });
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The migrations on a connection of their own: a rewrite of millions of rows outlasts a request's timeouts (0021 sets its own lock_timeout). */
async function migrateOnItsOwn(databaseUrl: string, connectTimeoutMs: number): Promise<void> {
  try {
    await onItsOwnConnection(databaseUrl, connectTimeoutMs, (client) => migratePg(drizzlePg({ client }) as never, { migrationsFolder }));
  } catch (err) {
    // The same code as the startup lock's own timeout: told apart here, where it came from.
    throw errorCode(err) === '55P03' ? new MigrationLockTimeout({ cause: err }) : err;
  }
}

/** How long a migration waits for a table lock (its `SET LOCAL lock_timeout`, 0021). */
const MIGRATION_LOCK_WAIT_S = 10;

/** A migration gave up waiting for a table lock (lock_timeout), having changed nothing. */
class MigrationLockTimeout extends Error {
  constructor(options: { cause: unknown }) {
    super('a migration waited too long for a table lock', options);
    this.name = 'MigrationLockTimeout';
  }
}

/**
 * The tables to tidy (tidy.ts), or none when they cannot be listed (logged; the next start asks
 * again): listing them is never a reason for the database not to open.
 */
async function tablesToTidyOrNone(db: Db, rewritten: boolean, log?: DatabaseLog): Promise<string[]> {
  return tablesToTidy(db, { rewritten }).catch((err: unknown) => {
    log?.warn({ err }, 'could not list the tables without statistics; the next start tries again');
    return [];
  });
}

/** Vacuums and analyses `tables` and logs what it did; never throws. */
async function tidy(
  tables: string[],
  vacuum: (tables: string[]) => Promise<unknown>,
  log: DatabaseLog | undefined,
  before?: string,
): Promise<void> {
  if (tables.length === 0) return;
  if (before) log?.info?.({ tables }, before);
  const started = performance.now();
  try {
    await vacuum(tables);
    log?.info?.({ tables, ms: Math.round(performance.now() - started) }, 'tables without statistics vacuumed and analysed');
  } catch (err) {
    log?.warn({ err, tables }, 'vacuum of tables without statistics failed; the next start tries again');
  }
}

interface Target {
  /** host:port (or socket folder) and database, never the password. */
  where: string;
  user: string;
  database: string;
}

function describeTarget(databaseUrl: string): Target {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new DatabaseOpenError('DATABASE_URL', [
      'not a PostgreSQL URL (expected postgres://user:password@host:5432/database)',
      'fix it, or unset it to use the embedded database in DATA_DIR',
    ]);
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)';
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  return { where: `${host}:${url.port || 5432}/${database}`, user: decodeURIComponent(url.username) || '(default)', database };
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** Admin shutdown / crash shutdown / cannot connect now (the server is starting or stopping). */
const SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03']);
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];

const isTimeout = (err: unknown) => [...causes(err)].some((e) => /timeout/i.test(e.message));

/**
 * True when err means the database cannot be reached or answered too late (refused, lost or
 * timed-out connection, server shutting down or starting, statement timeout): the request may
 * succeed later, so the API answers 503 instead of 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (UNREACHABLE_CODES.has(code) || SHUTDOWN_CODES.has(code) || code.startsWith('08') || code === '57014' || code === '53300'))
      return true;
    if (CONNECTION_LOST_MESSAGES.some((m) => e.message.startsWith(m))) return true;
  }
  return false;
}

/** What is wrong and what to do, for a PostgreSQL database that could not be opened and prepared. */
function postgresOpenProblem(err: unknown, target: Target, connectTimeoutMs: number): [string, string] {
  const code = errorCode(err);
  if (code === '28P01' || code === '28000')
    return [
      `PostgreSQL at ${target.where} refused the login of user ${target.user} (${code})`,
      'check the user and password in DATABASE_URL',
    ];
  if (code === '3D000')
    return [`database ${target.database} does not exist on PostgreSQL at ${target.where}`, 'create it or fix DATABASE_URL'];
  // lock_timeout of a migration (0021 waits 10 s for plans): a transaction or a dump holding a table.
  if (err instanceof MigrationLockTimeout) {
    return [
      `a migration at ${target.where} waited over ${MIGRATION_LOCK_WAIT_S} s for a table lock and changed nothing (a long transaction or a dump holds that table)`,
      'end that transaction or wait for the dump, then start again (requests touching the table waited with it)',
    ];
  }
  // lock_timeout of the startup lock: not a slow connection, so not DB_CONNECT_TIMEOUT_MS's message.
  if (code === '55P03') {
    return [
      `another API process has been preparing the database at ${target.where} (migrations, seeds) for over ${STARTUP_LOCK_WAIT_MS / 1000} s`,
      'check that process, then start again',
    ];
  }
  if (isTimeout(err)) {
    return [
      `PostgreSQL at ${target.where} did not answer within ${connectTimeoutMs} ms`,
      'check that it is running and reachable, or raise DB_CONNECT_TIMEOUT_MS',
    ];
  }
  if (isDatabaseUnavailable(err))
    return [
      `cannot reach PostgreSQL at ${target.where} (${code ?? 'connection lost'})`,
      'start it, or fix the host and port in DATABASE_URL',
    ];
  const cause = [...causes(err)].at(-1);
  return [
    `preparing PostgreSQL at ${target.where} failed (${code ?? cause?.name ?? 'error'}: ${cause?.message.split('\n')[0]})`,
    'fix the database, then start again',
  ];
}

/**
 * PGlite reports an unusable folder only as an Emscripten errno; check the folder first and say
 * what is wrong. A write probe is needed too: root passes every permission check, yet a
 * read-only file system still refuses to write.
 */
function checkDataDir(dir: string): void {
  const problem = (what: string, err: unknown) =>
    new DatabaseOpenError(
      'DATA_DIR',
      [
        `${dir} ${what} (${errorCode(err) ?? (err as Error).message})`,
        'make it a folder this user can read and write, or point DATA_DIR elsewhere',
      ],
      { cause: err },
    );
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw problem('cannot be created', err);
  }
  try {
    fs.readdirSync(dir);
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
  } catch (err) {
    throw problem('is not readable and writable', err);
  }
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    throw problem('is not writable', err);
  }
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
    throw new DatabaseOpenError(
      'DATABASE_URL',
      ['unset, and the embedded database (PGlite) is not installed here', 'set it to a PostgreSQL server'],
      {
        cause: err,
      },
    );
  }
}

/** True when err is a PostgreSQL unique violation (optionally on a named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  if (code !== '23505') return false;
  return !constraint || (e as { constraint?: string }).constraint === constraint;
}
