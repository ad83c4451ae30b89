#!/usr/bin/env node
// Runs the production edge locally, without Docker: the project's nginx configuration (rendered by
// nginx/edge.sh, exactly as the image's entrypoint does) in Debian's nginx, serving dist/, in front of the real
// API server (src/main.ts via tsx, server/test/support/processes.mjs) on a fresh temporary database. Used by the nginx tests and by
// `npm run lhci`; run it by hand to look at the stack:
//   node tools/edge-local.mjs            -> prints the URL, Ctrl-C stops everything
// Needs the Debian packages nginx-light (or nginx) and gettext-base (envsubst).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, readFile, readdir, rm, chmod, cp } from 'node:fs/promises';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startApiServer, waitForOk } from '../server/test/support/processes.mjs';

export { freePort };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const NGINX_DIR = join(ROOT, 'nginx');
/** The edge's start-up script: resolvers, the API_SERVERS upstream, the filtered envsubst (the image's entrypoint too). */
export const EDGE_SCRIPT = join(NGINX_DIR, 'edge.sh');
/** The EDGE_* settings (rate limits, HSTS includeSubDomains) and their defaults, as edge.sh sets them. */
export const EDGE_DEFAULTS = Object.fromEntries(
  [...readFileSync(EDGE_SCRIPT, 'utf8').matchAll(/^: "\$\{(EDGE_[A-Z_]+):=([^}]*)\}"$/gm)].map((m) => [m[1], m[2]]),
);
const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** The variables edge.sh lets envsubst substitute (its `substituted=` list), in its order. */
export async function edgeScriptVariables() {
  const script = await readFile(EDGE_SCRIPT, 'utf8');
  return (/^substituted='([^']*)'$/m.exec(script)?.[1] ?? '').split(/\s+/).filter(Boolean);
}

/**
 * Runs `sh nginx/edge.sh <command>` with exactly `settings` (plus PATH and NGINX_BIN; a value of
 * undefined leaves the variable unset): what the image's entrypoint and the systemd unit run.
 */
export function runEdgeScript(settings, command = 'render') {
  const env = { PATH: process.env.PATH, NGINX_BIN };
  for (const [name, value] of Object.entries(settings)) if (value !== undefined) env[name] = value;
  const result = spawnSync('sh', [EDGE_SCRIPT, command], { env, encoding: 'utf8' });
  if (result.error) throw new Error(`sh ${EDGE_SCRIPT} not runnable: ${result.error.message}`);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
// Starts a command in its own process group, so stop() ends it and every child it spawned.
function startGroup(command, args, { cwd, env, logFile }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* the group has exited already */
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
  };
  return { child, stop };
}

async function tail(file, lines = 30) {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').slice(-lines).join('\n');
}

/**
 * Renders the edge into `dir` with nginx/edge.sh, as the image and a systemd deployment do, with
 * paths inside `dir` (config, pid, temp files, logs); then what an operator changes beside it: the
 * CDN's addresses in snippets/real-ip.conf (trustedProxies), a file of their own in conf.d/
 * (extraConf), and `edit` for tests that alter a rendered file.
 */
export async function writeNginxPrefix({
  dir,
  port,
  apiUpstream,
  apiServers,
  webRoot,
  assetOrigin = '',
  trustedProxies = [],
  limits = {},
  resolvers,
  extraConf,
  edit = (_file, text) => text,
}) {
  await mkdir(dir, { recursive: true });
  const rendered = runEdgeScript({
    NGINX_CONF_DIR: dir,
    NGINX_PORT: String(port),
    API_UPSTREAM: apiUpstream,
    API_SERVERS: apiServers,
    WEB_ROOT: webRoot,
    ASSET_ORIGIN: assetOrigin,
    // undefined: edge.sh reads /etc/resolv.conf, as in the image
    NGINX_LOCAL_RESOLVERS: resolvers,
    NGINX_ACCESS_LOG: join(dir, 'access.log'),
    NGINX_ERROR_LOG: join(dir, 'error.log'),
    NGINX_PID_FILE: join(dir, 'nginx.pid'),
    NGINX_TEMP_DIR: join(dir, 'temp'),
    NGINX_WORKER_PROCESSES: '1',
    // unset ones: edge.sh's defaults
    ...limits,
  });
  if (rendered.status !== 0) throw new Error(`nginx/edge.sh render failed:\n${rendered.stderr}`);
  if (extraConf) await writeFile(join(dir, 'conf.d', 'extra.conf'), extraConf);
  for (const file of ['conf.d/default.conf', ...(await readdir(join(dir, 'snippets'))).map((name) => `snippets/${name}`)]) {
    const text = await readFile(join(dir, file), 'utf8');
    const edited = edit(file.replace(/^(conf\.d|snippets)\//, ''), text);
    if (edited !== text) await writeFile(join(dir, file), edited);
  }
  if (trustedProxies.length) {
    // What an operator does behind a CDN: list the proxies whose X-Forwarded-For is believed.
    const shipped = await readFile(join(dir, 'snippets', 'real-ip.conf'), 'utf8');
    const lines = trustedProxies.map((cidr) => `set_real_ip_from ${cidr};`).join('\n');
    await writeFile(join(dir, 'snippets', 'real-ip.conf'), `${lines}\n${shipped}`);
  }
  // nginx workers drop to an unprivileged user when started as root: they must reach the folder.
  await chmod(dir, 0o755);
  return { conf: join(dir, 'nginx.conf'), rendered: await readFile(join(dir, 'conf.d', 'default.conf'), 'utf8') };
}

export async function startNginx(options) {
  const { dir, port } = options;
  const { conf } = await writeNginxPrefix(options);
  const check = spawnSync(NGINX_BIN, ['-t', '-q', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (check.error) throw new Error(`${NGINX_BIN} not runnable (apt-get install nginx-light): ${check.error.message}`);
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const logFile = join(dir, 'nginx.out.log');
  const group = startGroup(NGINX_BIN, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    cwd: dir,
    env: process.env,
    logFile,
  });
  try {
    await waitForOk(`http://127.0.0.1:${port}/nginx-health`, { timeoutMs: 10_000, child: group.child, what: 'nginx' });
  } catch (error) {
    await group.stop();
    throw new Error(`${error.message}\n${await tail(logFile)}\n${await tail(join(dir, 'error.log'))}`, { cause: error });
  }
  return { url: `http://127.0.0.1:${port}`, port, dir, stop: group.stop };
}

/** The real API server (server/test/support/processes.mjs) on a fresh DATA_DIR, outside production. */
export async function startApi({ dir, port, env = {} }) {
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'api.log');
  const server = await startApiServer({
    port,
    logFile,
    // a loaded machine (a shared CI box) can take minutes to compile and migrate
    timeoutMs: 300_000,
    // TRUST_PROXY=1 as in docker-compose.yml: the API believes the X-Forwarded-For nginx sets.
    // DATABASE_URL unset: the embedded database, whatever the caller's shell says.
    // The API's own sign-in and code-check limits raised: the tests and Lighthouse sign the demo
    // account in again and again from one address (nginx's limits are what the edge tests try).
    env: {
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      DATABASE_URL: undefined,
      LOGIN_IP_LIMIT: '10000',
      LOGIN_PHONE_LIMIT: '10000',
      VERIFY_IP_LIMIT: '10000',
      VERIFY_PHONE_LIMIT: '10000',
      ...env,
    },
  });
  return { url: server.baseURL, port, dataDir, logFile, stop: server.stop };
}

/** Builds dist/ (npm run build) unless it is there already. */
export async function ensureBuild({ force = false } = {}) {
  const index = join(ROOT, 'dist', 'index.html');
  if (!force && existsSync(index)) return join(ROOT, 'dist');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
  return join(ROOT, 'dist');
}

/**
 * A private copy of the build, as the image serves it: the files plus the .gz of
 * build/precompress.mjs. Others rebuild dist/ while tests run; serving a copy keeps every run
 * on one consistent build, and nothing here writes into dist/.
 */
export async function snapshotBuild(buildDir, into) {
  for (let attempt = 1; ; attempt++) {
    await rm(into, { recursive: true, force: true });
    await cp(buildDir, into, { recursive: true });
    const html = await readFile(join(into, 'index.html'), 'utf8').catch(() => '');
    const named = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    const complete = html && named.length > 0 && named.every((path) => existsSync(join(into, path)));
    if (complete) break;
    // Copied in the middle of a rebuild: wait for it to finish.
    if (attempt === 5) throw new Error(`${buildDir} is incomplete (index.html names missing assets)`);
    await new Promise((r) => setTimeout(r, 3000));
  }
  const { precompress } = await import('../build/precompress.mjs');
  await precompress(into);
  return into;
}

/** API + nginx in front of it, on free ports, serving a snapshot of buildDir (default: dist/). */
export async function startEdge({ buildDir, apiEnv, trustedProxies, keepTemp = false } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'edge-'));
  await chmod(dir, 0o755); // nginx workers (an unprivileged user when started as root) read web/
  const webRoot = await snapshotBuild(buildDir ?? (await ensureBuild()), join(dir, 'web'));
  const apiPort = await freePort();
  const api = await startApi({ dir, port: apiPort, env: apiEnv });
  let nginx;
  try {
    nginx = await startNginx({
      dir: join(dir, 'nginx'),
      port: await freePort(),
      apiUpstream: api.url,
      webRoot,
      trustedProxies,
    });
  } catch (error) {
    await api.stop();
    throw error;
  }
  return {
    url: nginx.url,
    webRoot,
    api,
    nginx,
    dir,
    async stop() {
      await nginx.stop();
      await api.stop();
      if (!keepTemp) await rm(dir, { recursive: true, force: true });
    },
  };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const edge = await startEdge({ keepTemp: true });
  console.log(`edge: ${edge.url} (nginx) -> ${edge.api.url} (API, DATA_DIR ${edge.api.dataDir})`);
  console.log(`serving ${edge.webRoot} (a copy of dist/); logs in ${edge.dir}`);
  const shutdown = async () => {
    await edge.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
