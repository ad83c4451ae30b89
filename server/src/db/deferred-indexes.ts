/**
 * Indexes the migrations leave to the API's start: building them inside a migration would block
 * every write to their table while it reads all of it (plans_search_grams_idx: 80 s on a year of
 * plans). On PostgreSQL each is built with CREATE INDEX CONCURRENTLY, in the background on a
 * connection of its own, under a session advisory lock on that connection (client.ts), unless a
 * build of it runs already (pg_stat_progress_create_index); a build cut short (a statement
 * timeout, a cancel) leaves an invalid index, which the next start drops and builds again. A
 * table still small (a new database, the tests) gets its index before serving, in a plain build
 * under the startup lock (a moment), as PGlite's always does (one connection).
 * Queries must not need them: until one is valid, the planner does without it (the keyword search
 * walks the list). Each is also declared in its module's tables, so the migration snapshot holds it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { errorCode } from './error-code.ts';

export interface DeferredIndex {
  name: string;
  table: string;
  /** What follows `CREATE INDEX [CONCURRENTLY] IF NOT EXISTS <name>`. */
  definition: string;
}

export const DEFERRED_INDEXES: DeferredIndex[] = [
  {
    // The plan list's keyword search (migration 0022 makes the function; declared in plan/tables.ts, which says why fastupdate is off).
    name: 'plans_search_grams_idx',
    table: 'plans',
    definition: 'ON plans USING gin (plan_search_grams(user_id, search_text)) WITH (fastupdate = off) WHERE deleted_at IS NULL',
  },
];

/**
 * A table up to this size (about 25 000 plans) gets its index in a plain build before serving: a
 * second or two of writes waiting, once; a larger one, concurrently in the background.
 */
export const PLAIN_BUILD_MAX_BYTES = 16 * 1024 * 1024;

export interface Executes {
  execute(query: SQL): Promise<unknown>;
}

/** A database handle that opens transactions (Drizzle's). */
export interface Transacts extends Executes {
  transaction<T>(work: (tx: Executes) => Promise<T>): Promise<T>;
}

/**
 * How long a build before serving waits for its table's lock (a writer's open transaction): then it
 * is left to the concurrent build in the background, instead of holding the start, and every
 * write to the table queued behind its own lock request, until that transaction ends.
 */
export const PLAIN_BUILD_LOCK_WAIT = '2s';

/** 'building': invalid while a build of it runs now (another process's); 'invalid': a build cut short. */
export type IndexState = 'valid' | 'building' | 'invalid' | 'missing';

const rowsOf = async (db: Executes, query: SQL) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The index's state in this schema, and its table's size. */
export async function indexState(db: Executes, index: DeferredIndex): Promise<{ state: IndexState; tableBytes: number }> {
  const [row] = await rowsOf(
    db,
    sql`with target as (select to_regclass(format('%I.%I', current_schema(), ${index.name}::text)) as oid)
        select (select i.indisvalid and i.indisready from pg_index i, target where i.indexrelid = target.oid) as valid,
               exists (select from pg_stat_progress_create_index p, target where p.index_relid = target.oid) as building,
               pg_relation_size(to_regclass(format('%I.%I', current_schema(), ${index.table}::text)))::float8 as bytes`,
  );
  const valid = row?.valid as boolean | null | undefined;
  const state: IndexState = valid === null || valid === undefined ? 'missing' : valid ? 'valid' : row?.building ? 'building' : 'invalid';
  return { state, tableBytes: Number(row?.bytes ?? 0) };
}

/** The statements that (re)build `index` from its state, concurrently or not; none when it is valid. */
export function buildStatements(index: DeferredIndex, state: IndexState, concurrently: boolean): string[] {
  if (state === 'valid' || state === 'building') return [];
  const how = concurrently ? 'CONCURRENTLY ' : '';
  const create = `CREATE INDEX ${how}IF NOT EXISTS ${index.name} ${index.definition}`;
  return state === 'invalid' ? [`DROP INDEX ${how}IF EXISTS ${index.name}`, create] : [create];
}

/**
 * After a build, on its own: the statistics of the index's expression (ANALYZE gathers them), or
 * the planner guesses how many rows a keyword finds. Not in the build's transaction, which would
 * hold the build's lock through it, and which its own lock wait could roll back.
 */
export const analyzeStatement = (index: DeferredIndex) => `ANALYZE ${index.table}`;

/**
 * Before serving: builds plainly, in one transaction, each index that is not valid (nor being
 * built) whose table holds `plainUpTo` bytes or fewer (PGlite: every one); answers those left to a
 * concurrent build, which includes one whose table lock was not had within PLAIN_BUILD_LOCK_WAIT.
 * Never throws: a failed build is logged and left to the next start (the queries do without it).
 */
export async function buildSmallIndexes(
  db: Transacts,
  log: { info?(fields: object, message: string): void; warn(fields: object, message: string): void } | undefined,
  { plainUpTo }: { plainUpTo: number },
): Promise<DeferredIndex[]> {
  const left: DeferredIndex[] = [];
  for (const index of DEFERRED_INDEXES) {
    try {
      const { state, tableBytes } = await indexState(db, index);
      if (state === 'building') log?.info?.({ index: index.name }, 'another process is building index');
      if (state === 'valid' || state === 'building') continue;
      if (tableBytes > plainUpTo) {
        left.push(index);
        continue;
      }
      // A large one only on PGlite: said before, as its start waits for it.
      const large = tableBytes > PLAIN_BUILD_MAX_BYTES;
      if (large) log?.info?.({ index: index.name }, 'building index before serving');
      const started = performance.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${PLAIN_BUILD_LOCK_WAIT}'`));
        for (const statement of buildStatements(index, state, false)) await tx.execute(sql.raw(statement));
      });
      await db.execute(sql.raw(analyzeStatement(index)));
      if (large) log?.info?.({ index: index.name, ms: Math.round(performance.now() - started) }, 'index built');
    } catch (err) {
      if (errorCode(err) === '55P03') {
        log?.info?.({ index: index.name }, 'index build waited too long for its table; building it concurrently in the background instead');
        left.push(index);
      } else log?.warn({ err, index: index.name }, 'index build failed; the next start tries again (queries do without it)');
    }
  }
  return left;
}
