/**
 * Graceful shutdown of one API process behind a balancer. On the first SIGTERM or SIGINT:
 * - readiness answers 503 at once and every answer carries `Connection: close`, so a client
 *   reconnects (through its balancer) elsewhere after its next answer here;
 * - the server keeps accepting for graceMs (a balancer that polls readiness stops sending), then
 *   stops listening: new connections are refused, which every balancer may retry elsewhere;
 * - a kept-alive connection is never closed while a request may be arriving on it: each one
 *   closes after its next answer, and one idle through IDLE_CLOSE_SWEEPS sweeps is closed as unused;
 * - when every connection is gone (at most timeoutMs) the database closes and the process exits 0.
 * A later signal (a process group and its init both send one) only logs.
 *
 * Without a grace period nothing tells a balancer to stop first, so a connection the kernel has
 * completed but this process has not yet accepted when it stops listening is reset by the kernel
 * (its request was never read: nothing ran). Only a grace period avoids that; the image sets one.
 */
import net, { type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  graceMs: number;
  timeoutMs: number;
  closeDatabase: () => Promise<void>;
  exit?: (code: number) => void;
}

const SWEEP_MS = 100;
/**
 * A kept-alive connection idle through this many sweeps (1 s) while draining is not in use by an
 * active client. Counted in sweeps, not read off the clock: I/O is polled between two sweeps, so a
 * request that arrived while the process was starved of CPU is read before the next sweep, where a
 * clock would already call its connection idle and reset it.
 */
const IDLE_CLOSE_SWEEPS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests in progress per connection, and for how many sweeps it has been idle. */
function trackConnections(app: FastifyInstance) {
  const connections = new Map<Socket, { active: number; idleSweeps: number }>();
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, idleSweeps: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.active++;
    response.once('close', () => {
      state.active--;
      state.idleSweeps = 0;
    });
  });
  return {
    get size() {
      return connections.size;
    },
    closeUnused() {
      for (const [socket, state] of connections) {
        if (state.active > 0) continue;
        if (++state.idleSweeps >= IDLE_CLOSE_SWEEPS) socket.destroy();
      }
    },
    closeAll() {
      for (const socket of connections.keys()) socket.destroy();
    },
  };
}

export function drainOnSignals(app: FastifyInstance, opts: ShutdownOptions): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const connections = trackConnections(app);
  let started = false;

  // net's close, not http's: that one also drops idle kept-alive connections, where a request may
  // be on its way.
  const stopListening = () => net.Server.prototype.close.call(app.server);

  const drain = async (listening: boolean) => {
    await sleep(opts.graceMs);
    const deadline = Date.now() + opts.timeoutMs;
    if (listening) {
      // Right after an I/O poll has accepted every pending connection: one still in the kernel's
      // accept queue when the listener closes is reset.
      await new Promise((resolve) => setImmediate(resolve));
      stopListening();
    }
    while (connections.size > 0) {
      if (Date.now() >= deadline) {
        app.log.warn({ connections: connections.size }, 'requests still in flight after SHUTDOWN_TIMEOUT_MS: closing their connections');
        connections.closeAll();
        return false;
      }
      connections.closeUnused();
      await sleep(SWEEP_MS);
    }
    return true;
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      app.log.info({ signal }, 'shutdown already under way');
      return;
    }
    started = true;
    // Without a grace period, stop listening before any answer says `Connection: close`: clients
    // reconnecting after it are then refused (and retried elsewhere), never reset in the queue.
    if (opts.graceMs === 0) stopListening();
    app.lifecycle.draining = true;
    app.log.info({ signal, graceMs: opts.graceMs, timeoutMs: opts.timeoutMs }, 'draining');
    // Closing (the onClose hooks: a periodic job's run in flight is awaited) gets what is left of
    // grace + timeout, so the stop stays within what the supervisor allows (compose: 20 s).
    const closeBy = Date.now() + opts.graceMs + opts.timeoutMs;
    void (async () => {
      let code = (await drain(opts.graceMs > 0)) ? 0 : 1;
      try {
        const closed = await Promise.race([
          app.close().then(() => true), // onClose hooks; the server has stopped already
          sleep(Math.max(0, closeBy - Date.now())).then(() => false),
        ]);
        if (!closed) {
          app.log.error('work still running after SHUTDOWN_GRACE_MS + SHUTDOWN_TIMEOUT_MS: stopping without it');
          code = 1;
        }
        await opts.closeDatabase();
      } catch (err) {
        app.log.error({ err }, 'closing the server or the database failed');
        code = 1;
      }
      app.log.info({ code }, 'stopped');
      exit(code);
    })();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
