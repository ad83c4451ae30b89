/**
 * Statements built once per database handle and then only executed: the hot reads every signed-in
 * request makes (the session check, the plan screens' list and counts). Building a query with
 * Drizzle walks its whole tree on every call (some 15% of the API's CPU per plan-list request in a
 * profile); a prepared one is SQL text plus placeholders. On PostgreSQL the statement is also named, so each pooled connection
 * parses and plans it once (node-postgres prepares it again on a new connection by itself).
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from './client.ts';

const cache = new WeakMap<Executor, Map<string, unknown>>();
/** Short statement names by key: PostgreSQL cuts names at 63 bytes, which could merge two keys. */
const statementNames = new Map<string, string>();

/**
 * The statement `key` prepared on `db` by `build` (called once per handle and key, with a statement
 * name for it). `key` must identify the SQL text: statements whose text differs need other keys.
 */
export function preparedOn<T>(db: Executor, key: string, build: (db: Executor, name: string) => T): T {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    let name = statementNames.get(key);
    if (!name) statementNames.set(key, (name = `prepared_${statementNames.size + 1}`));
    statements.set(key, (statement = build(db, name)));
  }
  return statement;
}

/**
 * Binds the values of a statement to be prepared: `bind(name, value)` stands for the value in the
 * SQL (a placeholder) and records it for execute(); dates go as ISO text, which PostgreSQL reads
 * as the instant. `names` lists what was bound, in order: with the branches taken, it tells
 * statements of one builder apart.
 */
export function placeholderBinder() {
  const values: Record<string, unknown> = {};
  return {
    values,
    names: () => Object.keys(values).join(','),
    bind: <T>(name: string, value: T): SQLWrapper => {
      values[name] = value instanceof Date ? value.toISOString() : value;
      return sql.placeholder(name);
    },
  };
}
