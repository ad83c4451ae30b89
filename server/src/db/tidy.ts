/**
 * Tables left without statistics, vacuumed and analysed at start. A migration that rewrites a table
 * (0021 adds a stored column to plans) leaves it without a visibility map or statistics, and
 * autovacuum does not come (a rewrite leaves no dead or new rows to count): until a vacuum, the
 * planner reads every row instead of an index alone (the keyword search on a year of plans: 8 ms
 * became 25). PGlite runs no autovacuum at all. Decided mostly from the tables' state, so a vacuum
 * cut short (a process that exits, a statement timeout) is done at a later start.
 */
import { sql, type SQL } from 'drizzle-orm';

/** What tablesToTidy needs of a database handle (client.ts imports this file: no import back). */
interface Executes {
  execute(query: SQL): Promise<unknown>;
}

/** Below 1 MB (128 pages) a table read whole is cheap: its visibility map is not worth a vacuum at start. */
const VISIBILITY_MIN_PAGES = 128;

/**
 * This schema's tables the app's role may vacuum (owned by it or a role it belongs to; VACUUM skips
 * others with a warning each) that hold rows but were never vacuumed or analysed since they were
 * made or rewritten (reltuples -1: PostgreSQL 17 and earlier after a rewrite; also small seeded
 * tables autovacuum leaves alone), quoted. With `rewritten` (this start applied migrations), also
 * those of 1 MB or more with no page marked all-visible: PostgreSQL 18, PGlite's, keeps a
 * rewrite's row count. Not at every start: a busy table's analyze can leave that count at 0 too.
 */
export async function tablesToTidy(db: Executes, { rewritten }: { rewritten: boolean }): Promise<string[]> {
  const result = (await db.execute(
    sql`select format('%I.%I', n.nspname, c.relname) as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = current_schema() and pg_has_role(c.relowner, 'USAGE')
          and ((c.reltuples < 0 and pg_relation_size(c.oid) > 0)
            or (${rewritten} and c.relallvisible = 0 and c.relpages >= ${VISIBILITY_MIN_PAGES}))
        order by 1`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

/** The statement that vacuums and analyses `tables` (names as tablesToTidy quotes them). */
// skip_locked: processes starting together, or autovacuum already at a table, do it once.
export const vacuumStatement = (tables: string[]) => `vacuum (analyze, skip_locked) ${tables.join(', ')}`;
