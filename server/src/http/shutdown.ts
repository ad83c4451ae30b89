/**
 * Graceful shutdown of one API process behind a balancer. On the first SIGTERM or SIGINT:
 * readiness answers 503 at once, and every answer carries `Connection: close`; the server keeps
 * serving for the grace period (so the balancer notices and stops sending), then stops accepting
 * connections, lets requests in flight finish (at most timeoutMs), closes the database and exits 0.
 * A later signal (a process group and its init both send one) only logs.
 */
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  graceMs: number;
  timeoutMs: number;
  closeDatabase: () => Promise<void>;
  exit?: (code: number) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Marks the app as draining: readiness 503, `Connection: close` on every answer. */
export function startDraining(app: FastifyInstance): void {
  app.lifecycle.draining = true;
}

export function drainOnSignals(app: FastifyInstance, opts: ShutdownOptions): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      app.log.info({ signal }, 'shutdown already under way');
      return;
    }
    started = true;
    startDraining(app);
    app.log.info({ signal, graceMs: opts.graceMs, timeoutMs: opts.timeoutMs }, 'draining');
    void (async () => {
      let code = 0;
      await sleep(opts.graceMs);
      const closed = app.close().then(() => true);
      const timedOut = sleep(opts.timeoutMs).then(() => false);
      if (!(await Promise.race([closed, timedOut]))) {
        app.log.warn('requests still in flight after SHUTDOWN_TIMEOUT_MS: closing their connections');
        app.server.closeAllConnections();
        code = 1;
      }
      try {
        await opts.closeDatabase();
      } catch (err) {
        app.log.error({ err }, 'closing the database failed');
        code = 1;
      }
      app.log.info({ code }, 'stopped');
      exit(code);
    })();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
