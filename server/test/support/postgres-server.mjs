/**
 * Starts a throwaway PostgreSQL server (Debian's postgresql package) in a temp folder on a free
 * loopback port, trust auth, and returns its URL and a stop(). Used by `npm run test:pg` and the
 * benchmarks. As root, the server runs as the `postgres` system user (PostgreSQL refuses root).
 * shutdown() and restart() stop and start the same server on the same port (fault tests).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './processes.mjs';

function findBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (fs.existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  throw new Error('PostgreSQL server binaries not found: apt-get install postgresql (or set PG_BIN)');
}

export async function startPostgres() {
  const bin = findBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgtest-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (cmd, args, opts = {}) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], opts) : execFileSync(cmd, args, opts);
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C'], {
    stdio: 'ignore',
  });
  const port = await freePort();
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ];
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child;
  const launch = async () => {
    child = asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', path.join(bin, 'postgres'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
      : spawn(path.join(bin, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    // Always read (a full pipe blocks every backend that logs); keep the last 64 KB for an error message.
    child.stderr.on('data', (d) => (log = (log + d).slice(-65_536)));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url });
      const ready = await client.connect().then(
        () => client.end().then(() => true),
        () => false,
      );
      if (ready) return;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const shutdown = async (mode) => {
    // Signal the postmaster itself: runuser does not forward signals to it.
    if (child.exitCode !== null) return;
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', dataDir, 'stop', '-m', mode, '-w'], { stdio: 'ignore' });
    } catch {
      child.kill('SIGKILL');
    }
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  };
  await launch();
  return {
    url,
    /** pg_ctl stop -m fast: clients are disconnected, the data stays. */
    shutdown: () => shutdown('fast'),
    /** Starts the stopped server again on the same port; resolves once it accepts connections. */
    restart: launch,
    async stop() {
      await shutdown('immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
