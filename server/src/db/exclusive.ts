/**
 * Work that must run on one API process at a time when several share a database (the order
 * expiry sweep, daily jobs): each run first tries a transaction-scoped advisory lock named after
 * the job; a process that does not get it skips that run, because another one is doing it.
 *
 * On PostgreSQL the lock is held by a transaction on a dedicated connection outside the pool (as
 * the startup lock is), so it needs no session connection (works through PgBouncer in transaction
 * mode) and ends with a crashed process's connection. The work itself runs on the pool. PGlite is
 * one process's database: there is nothing to exclude, the work just runs.
 */
import pg from 'pg';
import { runWithLog, type LogSink } from '../lib/logger.ts';

export type ExclusiveOutcome<T> = { ran: true; value: T } | { ran: false };

/** Runs work unless another process runs the job of the same name right now. */
export type RunExclusive = <T>(name: string, work: () => Promise<T>) => Promise<ExclusiveOutcome<T>>;

/** PGlite (and anything single-process): always runs. */
export const runAlone: RunExclusive = async (_name, work) => ({ ran: true, value: await work() });

export function postgresExclusive(databaseUrl: string, connectTimeoutMs: number): RunExclusive {
  return async (name, work) => {
    const holder = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectTimeoutMs });
    // A connection lost while holding the lock releases it server-side; the work's own queries report.
    holder.on('error', () => {});
    await holder.connect();
    try {
      await holder.query('begin');
      // The holder idles in its transaction while the work runs on the pool.
      await holder.query('set local idle_in_transaction_session_timeout = 0');
      const { rows } = await holder.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(hashtext($1)) as locked', [`job:${name}`]);
      if (!rows[0].locked) return { ran: false };
      return { ran: true, value: await work() };
    } finally {
      // Commit or rollback alike just ends the transaction and with it the lock.
      await holder.query('rollback').catch(() => {});
      await holder.end().catch(() => {});
    }
  };
}

export interface PeriodicJob {
  /** Also the lock's name: one process at a time runs a job of this name. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * Runs job.run every everyMs on whichever process gets the job's lock (under `log`, which is then
 * currentLog()); a failure is logged and the next tick tries again. Returns a stop function (for
 * onClose) that resolves once a run in flight has ended, so the database is not closed under it.
 */
export function startPeriodicJob(exclusive: RunExclusive, job: PeriodicJob, log: LogSink): () => Promise<void> {
  // The run in flight: a run longer than the period on this process does not overlap itself.
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runWithLog(log, () => exclusive(job.name, job.run))
      .then(
        () => {},
        (err: unknown) => log.error({ err, job: job.name }, 'periodic job failed'),
      )
      .finally(() => {
        running = null;
      });
  }, job.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
