#!/usr/bin/env node
// Runs the production edge locally, without Docker: the project's nginx template (rendered with
// envsubst exactly as the nginx image does) in Debian's nginx, serving dist/, in front of the real
// API server (src/main.ts via tsx, server/test/support/processes.mjs) on a fresh temporary database. Used by the nginx tests and by
// `npm run lhci`; run it by hand to look at the stack:
//   node tools/edge-local.mjs            -> prints the URL, Ctrl-C stops everything
// Needs the Debian packages nginx-light (or nginx) and gettext-base (envsubst).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, readFile, copyFile, readdir, rm, chmod, cp } from 'node:fs/promises';
import { createWriteStream, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startApiServer, waitForOk } from '../server/test/support/processes.mjs';

export { freePort };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const NGINX_DIR = join(ROOT, 'nginx');
// The only variables the template may use; the Dockerfile's NGINX_ENVSUBST_FILTER lists the same.
export const TEMPLATE_VARIABLES = [
  'NGINX_PORT',
  'API_UPSTREAM',
  'WEB_ROOT',
  'ASSET_ORIGIN',
  'NGINX_LOCAL_RESOLVERS',
  'NGINX_ACCESS_LOG',
  'EDGE_SMS_RATE',
  'EDGE_SMS_BURST',
  'EDGE_LOGIN_RATE',
  'EDGE_LOGIN_BURST',
];
// The image's defaults of the edge rate limits (the Dockerfile sets the same).
export const EDGE_LIMIT_DEFAULTS = { EDGE_SMS_RATE: '6r/m', EDGE_SMS_BURST: '10', EDGE_LOGIN_RATE: '20r/m', EDGE_LOGIN_BURST: '20' };
const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

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

/** Renders the template like the image's 20-envsubst-on-templates.sh: envsubst with a variable list. */
export function renderTemplate(templateText, values) {
  const missing = TEMPLATE_VARIABLES.filter((name) => values[name] === undefined);
  if (missing.length) throw new Error(`template variables missing: ${missing.join(', ')}`);
  const shellFormat = TEMPLATE_VARIABLES.map((name) => `\${${name}}`).join(' ');
  const result = spawnSync('envsubst', [shellFormat], {
    input: templateText,
    env: { PATH: process.env.PATH, ...values },
    encoding: 'utf8',
  });
  if (result.error) throw new Error(`envsubst not runnable (install gettext-base): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`envsubst failed: ${result.stderr}`);
  return result.stdout;
}

/** The DNS servers of /etc/resolv.conf, as the image's 15-local-resolvers.envsh computes them. */
export async function localResolvers() {
  const text = await readFile('/etc/resolv.conf', 'utf8').catch(() => '');
  const servers = text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([keyword, address]) => keyword === 'nameserver' && address)
    .map(([, address]) => (address.includes(':') ? `[${address}]` : address));
  return servers.length ? servers.join(' ') : '127.0.0.1';
}

/**
 * Writes an nginx prefix folder that mirrors the image's layout: nginx.conf (the image's main
 * config, with temporary paths), conf.d/default.conf (the rendered template), snippets/.
 */
export async function writeNginxPrefix({
  dir,
  port,
  apiUpstream,
  webRoot,
  assetOrigin = '',
  trustedProxies = [],
  limits = {},
  resolvers,
  extraConf,
  edit = (_file, text) => text,
}) {
  await mkdir(join(dir, 'conf.d'), { recursive: true });
  await mkdir(join(dir, 'snippets'), { recursive: true });
  await mkdir(join(dir, 'temp'), { recursive: true });
  const template = await readFile(join(NGINX_DIR, 'templates', 'default.conf.template'), 'utf8');
  const rendered = renderTemplate(template, {
    NGINX_PORT: String(port),
    API_UPSTREAM: apiUpstream,
    WEB_ROOT: webRoot,
    ASSET_ORIGIN: assetOrigin,
    NGINX_LOCAL_RESOLVERS: resolvers ?? (await localResolvers()),
    NGINX_ACCESS_LOG: join(dir, 'access.log'),
    ...EDGE_LIMIT_DEFAULTS,
    ...limits,
  });
  await writeFile(join(dir, 'conf.d', 'default.conf'), edit('default.conf', rendered));
  // What an operator mounts beside the template, e.g. an `upstream` block that API_UPSTREAM names.
  if (extraConf) await writeFile(join(dir, 'conf.d', 'extra.conf'), extraConf);
  for (const name of await readdir(join(NGINX_DIR, 'snippets'))) {
    const text = await readFile(join(NGINX_DIR, 'snippets', name), 'utf8');
    await writeFile(join(dir, 'snippets', name), edit(name, text));
  }
  if (trustedProxies.length) {
    // What an operator does behind a CDN: list the proxies whose X-Forwarded-For is believed.
    const shipped = await readFile(join(NGINX_DIR, 'snippets', 'real-ip.conf'), 'utf8');
    const lines = trustedProxies.map((cidr) => `set_real_ip_from ${cidr};`).join('\n');
    await writeFile(join(dir, 'snippets', 'real-ip.conf'), `${lines}\n${shipped}`);
  }
  await copyFile('/etc/nginx/mime.types', join(dir, 'mime.types'));
  const temp = join(dir, 'temp');
  await writeFile(
    join(dir, 'nginx.conf'),
    `# Mirrors the nginx image's /etc/nginx/nginx.conf, with paths inside ${dir}.
worker_processes 1;
error_log ${dir}/error.log notice;
pid ${dir}/nginx.pid;
events { worker_connections 512; }
http {
    include mime.types;
    default_type application/octet-stream;
    access_log ${dir}/access.log;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${temp}/client_body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include conf.d/*.conf;
}
`,
  );
  // nginx workers drop to an unprivileged user when started as root: they must reach the folder.
  await chmod(dir, 0o755);
  return { conf: join(dir, 'nginx.conf'), rendered };
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
    // TRUST_PROXY=1 as in docker-compose.yml: the API believes the X-Forwarded-For nginx sets.
    // DATABASE_URL unset: the embedded database, whatever the caller's shell says.
    env: { DATA_DIR: dataDir, TRUST_PROXY: '1', DATABASE_URL: undefined, ...env },
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
