/**
 * Serialises database preparation (migrations and seeds) between API processes that start at the
 * same moment on one PostgreSQL database: the first takes the lock and does the work, the others
 * wait, then find the work done and go on.
 *
 * The lock is transaction-level (pg_advisory_xact_lock), held by a transaction on a dedicated
 * connection outside the pool for as long as the work runs. A session-level lock would not work
 * through PgBouncer in transaction mode (lock and unlock could land on different server
 * connections); an open transaction keeps its server connection, and the lock ends with it on
 * commit, on error, or when a crashed process's connection drops.
 */
import pg from 'pg';

/** "taskplan" in ASCII: the one advisory lock key of database preparation. */
const PREPARE_LOCK_KEY = '8386110886425420142';

/** Give up waiting for another process's preparation after this long. */
export const STARTUP_LOCK_WAIT_MS = 120_000;

export interface StartupLockOptions {
  /** Give up opening the lock's connection after this long (a silent server must not hang start-up). */
  connectTimeoutMs?: number;
}

export async function withStartupLock<T>(databaseUrl: string, work: () => Promise<T>, opts: StartupLockOptions = {}): Promise<T> {
  const holder = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: opts.connectTimeoutMs ?? 0 });
  // A connection dropped while holding the lock releases it server-side; nothing to do here but
  // keep the process alive (the work's own queries fail and report).
  holder.on('error', () => {});
  await holder.connect();
  try {
    await holder.query('begin');
    // The holder sits idle in its transaction while the work runs on the pool.
    await holder.query('set local idle_in_transaction_session_timeout = 0');
    await holder.query(`set local lock_timeout = ${STARTUP_LOCK_WAIT_MS}`);
    await holder.query('select pg_advisory_xact_lock($1::bigint)', [PREPARE_LOCK_KEY]);
    const result = await work();
    await holder.query('commit');
    return result;
  } catch (err) {
    await holder.query('rollback').catch(() => {});
    throw err;
  } finally {
    await holder.end().catch(() => {});
  }
}
