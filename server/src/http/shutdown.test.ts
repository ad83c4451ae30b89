/**
 * The drain's idle-connection sweep, against a real socket: a process starved of CPU while a
 * client's next request sits unread on a kept-alive connection must answer it, not take the
 * connection for an unused one and reset it. And the stop as a whole stays within grace + timeout.
 */
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { drainOnSignals } from './shutdown.ts';

let app: FastifyInstance | undefined;
let addedListeners: Array<(...args: unknown[]) => void> = [];

afterEach(async () => {
  for (const listener of addedListeners) {
    process.off('SIGTERM', listener);
    process.off('SIGINT', listener);
  }
  addedListeners = [];
  await app?.close();
});

/** Collects the answers arriving on one kept-alive connection. */
function keptAliveClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {}); // a reset shows as `closed` with fewer answers
  const request = () => socket.write('GET /answer HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  const answers = () => received.split('HTTP/1.1 200').length - 1;
  return { socket, closed, request, answers, connected: new Promise((resolve) => socket.once('connect', resolve)) };
}

const waitFor = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

it('a request that arrives on an idle kept-alive connection while the process is starved of CPU is answered', async () => {
  app = Fastify();
  app.decorate('lifecycle', { draining: false });
  app.get('/answer', async () => ({ success: true }));
  let duringStall = () => {};
  // Busy in an I/O callback: what arrives meanwhile is read only after the next timers.
  app.get('/stall', async () => {
    duringStall();
    const until = Date.now() + 1500; // longer than the 1 s an unused connection is kept
    while (Date.now() < until) {
      // a process starved of CPU: no I/O is read
    }
    return { success: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const before = process.listeners('SIGTERM');
  const exited = new Promise<number>((resolve) =>
    drainOnSignals(app!, { graceMs: 0, timeoutMs: 10_000, closeDatabase: async () => {}, exit: resolve }),
  );
  addedListeners = process.listeners('SIGTERM').filter((l) => !before.includes(l)) as typeof addedListeners;

  const port = (app.server.address() as net.AddressInfo).port;
  const client = keptAliveClient(port);
  const other = keptAliveClient(port); // connected before the listener closes
  await Promise.all([client.connected, other.connected]);
  client.request();
  await waitFor(() => client.answers() === 1);
  expect(client.answers()).toBe(1);

  process.emit('SIGTERM', 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300)); // the drain's sweeps have begun
  // The kept-alive client's next request reaches the kernel while the process is busy.
  duringStall = () => client.request();
  other.socket.write('GET /stall HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  await waitFor(() => client.answers() === 2);
  expect(client.answers()).toBe(2);

  client.socket.end();
  await Promise.all([client.closed, other.closed]);
  expect(await exited).toBe(0);
});

it('a periodic job run still going when the time is up does not hold the stop: the database closes, exit 1', async () => {
  app = Fastify();
  app.decorate('lifecycle', { draining: false });
  let finishRun = () => {};
  const runInFlight = new Promise<void>((resolve) => (finishRun = resolve));
  app.addHook('onClose', async () => runInFlight); // a job's stop() awaits its run in flight
  await app.listen({ port: 0, host: '127.0.0.1' });
  let databaseClosedAt = 0;
  const before = process.listeners('SIGTERM');
  const exited = new Promise<number>((resolve) =>
    drainOnSignals(app!, {
      graceMs: 0,
      timeoutMs: 400,
      closeDatabase: async () => {
        databaseClosedAt = Date.now();
      },
      exit: resolve,
    }),
  );
  addedListeners = process.listeners('SIGTERM').filter((l) => !before.includes(l)) as typeof addedListeners;

  const signalledAt = Date.now();
  process.emit('SIGTERM', 'SIGTERM');
  try {
    expect(await exited).toBe(1);
    expect(databaseClosedAt).toBeGreaterThan(0);
    // within grace + timeout (and the sweep's tick), not held until the run ends
    expect(databaseClosedAt - signalledAt).toBeLessThan(400 + 500);
  } finally {
    finishRun(); // lets afterEach's close() finish
  }
});
