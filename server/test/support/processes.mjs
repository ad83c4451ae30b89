/**
 * The one way to start the real API server in its own process, for the e2e and nginx tests, the
 * benchmarks and tools/edge-local.mjs: `src/main.ts` through tsx, or with `built` the production
 * build `dist/main.js` as `npm start -w server` runs it, on a free loopback port, ready once
 * /api/healthz answers. Plain ESM JavaScript so .mjs scripts, vitest configs and tsx
 * benchmarks can all import it (types in processes.d.mts).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// What log() keeps of the server's output: enough for a failure message, bounded for long runs.
const LOG_KEEP = 64 * 1024;

/** A port that was free a moment ago (listen on port 0, read it, close). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts the API server with NODE_ENV=development, HOST (default 127.0.0.1) and PORT on top of this
 * process's environment, then `env` (a value of undefined removes that variable), and waits until
 * /api/healthz answers. stop() sends SIGTERM and SIGKILL after graceMs, and resolves on exit.
 * `built`: run dist/main.js (build it first: `npm run build -w server`) instead of the sources.
 */
export async function startApiServer({
  env = {},
  host = '127.0.0.1',
  port,
  nodeArgs = [],
  built = false,
  entry,
  logFile,
  timeoutMs = 120_000,
  graceMs = 5000,
  what = 'API server',
} = {}) {
  port ??= await freePort();
  const child = spawnApiServer({ env, host, port, nodeArgs, built, entry });
  let output = '';
  const file = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      output = (output + chunk).slice(-LOG_KEEP);
      file?.write(chunk);
    });
  }
  child.once('close', () => file?.end()); // 'close': after the last output, which may follow 'exit'
  const exited = new Promise((r) => child.once('exit', r));
  const log = () => output;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
  };
  const baseURL = `http://${host}:${port}`;
  try {
    await waitForOk(`${baseURL}/api/healthz`, { child, timeoutMs, what });
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n--- server output (last 4000 characters)\n${output.slice(-4000)}`, { cause: error });
  }
  return { baseURL, port, child, log, stop };
}

function spawnApiServer({ env, host = '127.0.0.1', port, nodeArgs = [], built = false, entry: source = 'src/main.ts', runAs }) {
  const childEnv = { ...process.env, NODE_ENV: 'development', HOST: host, PORT: String(port), ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const entry = built ? ['--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', source];
  const command = [process.execPath, ...nodeArgs, ...entry];
  // runuser keeps the environment given here (no login shell), so the server sees childEnv.
  const [file, ...args] = runAs ? ['runuser', '-u', runAs, '--', ...command] : command;
  return spawn(file, args, { cwd: serverDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Starts the API server expecting it to give up: resolves with its exit code, stdout, stderr and
 * how long it ran. Killed (and rejected) after timeoutMs. runAs: a system user to run it as (root only).
 */
export async function startFailingApiServer({ env = {}, timeoutMs = 60_000, runAs } = {}) {
  const started = Date.now();
  const child = spawnApiServer({ env, port: await freePort(), runAs });
  return { ...(await outcomeOf(child, timeoutMs, 'API server')), ms: Date.now() - started };
}

/** A child's exit code, stdout and stderr once it has exited; killed (and rejected) after timeoutMs. */
async function outcomeOf(child, timeoutMs, what) {
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output.stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const [code, signal] = await new Promise((resolveExit) => child.once('close', (c, s) => resolveExit([c, s])));
  clearTimeout(timer);
  if (signal) throw new Error(`${what} still running after ${timeoutMs} ms (killed)\n${output.stdout}${output.stderr}`);
  return { code, ...output };
}

/**
 * Runs the ops command line (`src/ops/cli.ts` through tsx, as `npm run ops` runs its build) with
 * `env` on top of this process's environment (undefined removes a variable); resolves with its
 * exit code, stdout and stderr.
 */
export async function runOps(args, { env = {}, timeoutMs = 240_000 } = {}) {
  const childEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', ...args], {
    cwd: serverDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outcomeOf(child, timeoutMs, `ops ${args.join(' ')}`);
}

/** Polls url until it answers 2xx; fails early when child (if given) has exited. */
export async function waitForOk(url, { timeoutMs, child, what }) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} not ready after ${timeoutMs} ms: ${lastError?.message}`);
}
