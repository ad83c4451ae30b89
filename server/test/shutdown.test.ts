/**
 * SHUTDOWN_TIMEOUT_MS on the real server process (embedded database): a request still in flight
 * when the drain's time is up does not keep the process alive; its connection is closed, the
 * log says so, and the exit code (1) tells the supervisor the stop was not clean.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from './support/processes.mjs';

const TIMEOUT_MS = 3000;
let server: ApiServer | undefined;
afterAll(() => server?.stop());

describe('SHUTDOWN_TIMEOUT_MS', () => {
  it('a request whose body never arrives is cut off after the timeout: connection closed, exit 1', async () => {
    server = await startApiServer({
      env: { DATABASE_URL: undefined, DATA_DIR: 'memory://', SHUTDOWN_GRACE_MS: '0', SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS) },
      what: 'API process',
    });
    // Headers and half of the body: the server has the request and waits for the rest.
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const socketClosed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    socket.on('error', () => {}); // a reset is as good as a close here
    socket.write(
      'POST /api/user/pwd-login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"phone":',
    );
    await new Promise((r) => setTimeout(r, 300)); // let the server see the request start

    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await exited).toBe(1);
    const closedAt = await socketClosed;
    // Not closed as an idle connection (1 s) nor at once: only when the timeout ran out.
    expect(closedAt - signalledAt).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(server.log()).toMatch(/requests still in flight after SHUTDOWN_TIMEOUT_MS: closing their connections/);
    expect(server.log()).toMatch(/"code":1\b.*"msg":"stopped"|"msg":"stopped".*"code":1\b/);
  }, 180_000);
});
