/**
 * Start-up failures of the real server process (`src/main.ts`): each one ends with exit code 1
 * and one plain problem line on stderr (`<setting>: <what is wrong>; <what to do>.`, the format of
 * every refusal and of `ops preflight`), no stack, within a bound.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startFailingApiServer } from './support/processes.mjs';

const CONNECT_TIMEOUT_MS = 2000;
const asRoot = process.getuid?.() === 0;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-test-'));
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The run's stderr is exactly one problem line about `setting`; stdout holds no stack either. */
function expectOneLine(run: { code: number; stdout: string; stderr: string }, pattern: RegExp, setting: string) {
  expect(run.code).toBe(1);
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^[^:;]+: [^;]+; .+\.$/);
  expect(lines[0]!.startsWith(`${setting}: `), lines[0]).toBe(true);
  expect(lines[0]).toMatch(pattern);
  expect(run.stdout + run.stderr).not.toMatch(/\n\s+at /);
}

describe('PostgreSQL settings', () => {
  it('a malformed DATABASE_URL', async () => {
    const run = await startFailingApiServer({ env: { DATABASE_URL: 'localhost:5432/tasks' } });
    expectOneLine(run, /not a PostgreSQL URL \(expected postgres:\/\/user:password@host:5432\/database\); fix it/, 'DATABASE_URL');
  });

  it('nothing listening at the address: names host and port, never the password', async () => {
    const port = await freePort();
    const run = await startFailingApiServer({ env: { DATABASE_URL: `postgres://app:s3cret-pw@127.0.0.1:${port}/tasks` } });
    expectOneLine(run, new RegExp(`cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port}/tasks \\(ECONNREFUSED\\); start it`), 'DATABASE_URL');
    expect(run.stderr).not.toContain('s3cret-pw');
  });

  it('a socket that accepts and never answers: gives up after DB_CONNECT_TIMEOUT_MS', async () => {
    const sockets: net.Socket[] = [];
    let connectedAt = 0;
    const silent = net.createServer((socket) => {
      connectedAt ||= Date.now();
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const run = await startFailingApiServer({
        env: { DATABASE_URL: `postgres://app@127.0.0.1:${port}/tasks`, DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS) },
      });
      const gaveUpAfter = Date.now() - connectedAt;
      expectOneLine(
        run,
        new RegExp(`PostgreSQL at 127\\.0\\.0\\.1:${port}/tasks did not answer within ${CONNECT_TIMEOUT_MS} ms; check that it is running`),
        'DATABASE_URL',
      );
      expect(sockets.length).toBeGreaterThan(0);
      // Measured from the connection, so the process start (seconds of tsx on a busy machine) does not count.
      console.log(
        `silent database: the server exited ${gaveUpAfter} ms after connecting (DB_CONNECT_TIMEOUT_MS ${CONNECT_TIMEOUT_MS}); ${run.ms} ms from spawn`,
      );
      expect(gaveUpAfter).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
      expect(gaveUpAfter).toBeLessThan(CONNECT_TIMEOUT_MS + 10_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('DATA_DIR', () => {
  it('a path that is a file', async () => {
    const file = path.join(scratch, 'not-a-folder');
    fs.writeFileSync(file, '');
    const run = await startFailingApiServer({ env: { DATA_DIR: path.join(file, 'data'), DATABASE_URL: undefined } });
    expectOneLine(run, /not-a-folder\/data cannot be created \(ENOTDIR\); make it a folder this user can read and write/, 'DATA_DIR');
  });

  // Permission bits do not bind root, so these run the server as an ordinary system user.
  it.runIf(asRoot)('a folder the server may read but not write', async () => {
    const dir = path.join(scratch, 'read-only');
    fs.mkdirSync(dir, { mode: 0o555 });
    const run = await startFailingApiServer({ env: { DATA_DIR: dir, DATABASE_URL: undefined }, runAs: 'nobody' });
    expectOneLine(run, /read-only is not readable and writable \(EACCES\)/, 'DATA_DIR');
  });

  it.runIf(asRoot)('a folder the server may not read', async () => {
    const dir = path.join(scratch, 'unreadable');
    fs.mkdirSync(dir, { mode: 0o000 });
    const run = await startFailingApiServer({ env: { DATA_DIR: dir, DATABASE_URL: undefined }, runAs: 'nobody' });
    expectOneLine(run, /unreadable is not readable and writable \(EACCES\)/, 'DATA_DIR');
  });
});

it('a setting that is not a number', async () => {
  const run = await startFailingApiServer({ env: { DB_STATEMENT_TIMEOUT_MS: 'soon', DATABASE_URL: undefined } });
  // Settings are checked (and reported one line each) by the configuration, before anything else.
  expectOneLine(
    run,
    /^DB_STATEMENT_TIMEOUT_MS: "soon" is not a whole number of at least 0; set it to one, or unset it for 30000\.$/,
    'DB_STATEMENT_TIMEOUT_MS',
  );
});
