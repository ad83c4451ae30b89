/** Jobs that one process at a time runs (src/db/exclusive.ts), on PGlite or TEST_DATABASE_URL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeriodicJob } from '../src/db/exclusive.ts';
import type { LogSink } from '../src/lib/logger.ts';
import { createTestEnv, usingPostgres, type TestEnv } from './support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env?.close());

/** A job body that runs until released. */
function heldWork() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  return { running, release, work: async () => (started(), await released, 'done') };
}

describe('exclusive jobs', () => {
  it.runIf(usingPostgres)(
    'skips a job another process is running, runs it again once that ends, and never blocks another job',
    async () => {
      const first = heldWork();
      const outcome = env.database.exclusive('test-job', first.work);
      await first.running;
      // Another process's attempt meanwhile: the same name is refused at once, another name runs.
      expect(await env.database.exclusive('test-job', async () => 'second')).toEqual({ ran: false });
      expect(await env.database.exclusive('other-job', async () => 'other')).toEqual({ ran: true, value: 'other' });
      first.release();
      expect(await outcome).toEqual({ ran: true, value: 'done' });
      expect(await env.database.exclusive('test-job', async () => 'third')).toEqual({ ran: true, value: 'third' });
    },
  );

  it('releases the lock when the work fails', async () => {
    await expect(env.database.exclusive('failing-job', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await env.database.exclusive('failing-job', async () => 'again')).toEqual({ ran: true, value: 'again' });
  });

  it('a periodic job does not overlap itself and logs a failure, then runs on the next tick', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    let active = 0;
    let overlapped = false;
    const stop = startPeriodicJob(
      env.database.exclusive,
      {
        name: 'periodic-test',
        everyMs: 10,
        run: async () => {
          runs++;
          overlapped ||= ++active > 1;
          await new Promise((r) => setTimeout(r, 35));
          active--;
          if (runs === 1) throw new Error('first run fails');
        },
      },
      { error: (fields: object) => errors.push(fields), warn: () => {}, info: () => {}, debug: () => {} } as unknown as LogSink,
    );
    await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    await stop();
    expect(overlapped).toBe(false);
    expect(errors).toHaveLength(1);
  });

  it('stopping waits for the run in flight (the database is closed after it), and no run starts after', async () => {
    const held = heldWork();
    let runs = 0;
    const noLog = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as unknown as LogSink;
    const stop = startPeriodicJob(env.database.exclusive, { name: 'stop-test', everyMs: 10, run: () => (runs++, held.work()) }, noLog);
    await held.running;
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1);
  });
});
