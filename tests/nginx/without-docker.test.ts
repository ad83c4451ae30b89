/**
 * The edge as a deployment without Docker runs it (docs/deploy.md "Without Docker", the systemd
 * unit deploy/systemd/taskplan-edge.service): `nginx/edge.sh run` in the foreground, in Debian's
 * nginx, with no DNS servers (NGINX_LOCAL_RESOLVERS empty) and the API given by address, or as N
 * replicas in API_SERVERS (the upstream block edge.sh writes). Also: the health endpoints never
 * answer through the edge, whatever the spelling, while the API answers them directly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EDGE_SCRIPT, freePort } from '../../tools/edge-local.mjs';
import { waitForOk } from '../../server/test/support/processes.mjs';
import { get } from './http';

const edge = inject('edge');

interface RunningEdge {
  url: string;
  dir: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
}

/** `sh nginx/edge.sh run` with exactly these settings, as ExecStart does; resolves once /nginx-health answers. */
async function runEdge(settings: Record<string, string>): Promise<RunningEdge> {
  const dir = await mkdtemp(join(tmpdir(), 'edge-run-'));
  const port = await freePort();
  const child = spawn('sh', [EDGE_SCRIPT, 'run'], {
    env: {
      PATH: process.env.PATH,
      NGINX_BIN: process.env.NGINX_BIN ?? '/usr/sbin/nginx',
      NGINX_CONF_DIR: join(dir, 'conf'),
      NGINX_PORT: String(port),
      NGINX_ACCESS_LOG: join(dir, 'access.log'),
      NGINX_WORKER_PROCESSES: '1',
      WEB_ROOT: edge.webRoot,
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // nginx's graceful stop (the image's STOPSIGNAL, systemd's KillSignal in the unit)
    child.kill('SIGQUIT');
    return exited;
  };
  try {
    await waitForOk(`${url}/nginx-health`, { timeoutMs: 15_000, child, what: 'edge.sh run' });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return { url, dir, child, output: () => output, stop };
}

describe('edge.sh run, no DNS servers, the API by address', () => {
  let running: RunningEdge;
  beforeAll(async () => {
    running = await runEdge({ API_UPSTREAM: edge.apiUrl, NGINX_LOCAL_RESOLVERS: '' });
  });
  afterAll(async () => {
    await running?.stop();
    if (running) await rm(running.dir, { recursive: true, force: true });
  });

  it('is nginx itself in the foreground (what systemd supervises), with no resolver in its configuration', async () => {
    const conf = await readFile(join(running.dir, 'conf', 'conf.d', 'default.conf'), 'utf8');
    expect(conf).not.toMatch(/^\s*resolver\s/m);
    // exec: the process systemd started is nginx's master (which renames itself so), not a shell waiting for it
    const command = await readFile(`/proc/${running.child.pid}/cmdline`, 'utf8');
    expect(command).toMatch(/^nginx: master process \S*nginx -c \S+\/conf\/nginx\.conf -g daemon off;/);
  });

  it('serves the app and passes /api/ to the API', async () => {
    const shell = await get(`${running.url}/plan/list`);
    expect(shell.status).toBe(200);
    expect(shell.body.toString('utf8')).toContain('<div id="root">');
    const api = await get(`${running.url}/api/Announcement/get?type=top`);
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body.toString('utf8'))).toMatchObject({ success: true });
  });

  it('keeps the health endpoints private: every spelling answers the 404 envelope without reaching the API; the API itself answers them', async () => {
    const probe = `health-probe-${Date.now()}`;
    for (const path of [
      '/api/healthz',
      '/api/readyz',
      '/api/healthz/',
      '/api/readyz/',
      '//api/healthz',
      '/api//readyz',
      '/api/health%7A',
      '/api/%72eadyz',
      '/api/healthz?probe=1',
      '/api/x/../readyz',
    ]) {
      const response = await get(`${running.url}${path}`, { 'x-request-id': probe });
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body.toString('utf8')), path).toEqual({ success: false, message: '接口不存在' });
    }
    const apiLog = await readFile(edge.apiLog, 'utf8');
    expect(apiLog).not.toContain(probe);
    // The container's health check and the balancer ask the API on its own port.
    for (const path of ['/api/healthz', '/api/readyz']) expect((await get(`${edge.apiUrl}${path}`)).status, path).toBe(200);
    expect((await get(`${running.url}/nginx-health`)).status).toBe(200);
  });

  it('stops on SIGQUIT (graceful), exit 0', async () => {
    const other = await runEdge({ API_UPSTREAM: edge.apiUrl, NGINX_LOCAL_RESOLVERS: '' });
    try {
      expect(await other.stop()).toBe(0);
    } finally {
      await rm(other.dir, { recursive: true, force: true });
    }
  });
});

describe('edge.sh run with API_SERVERS: N replicas in an upstream block', () => {
  const hosts = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
  const servers: Server[] = [];
  const seen = new Map<string, number>();
  let running: RunningEdge;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    for (const host of hosts) {
      const server = createServer((request, response) => {
        seen.set(host, (seen.get(host) ?? 0) + 1);
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: host }));
      });
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      servers.push(server);
    }
    running = await runEdge({ API_SERVERS: hosts.map((h) => `${h}:${port}`).join(' '), NGINX_LOCAL_RESOLVERS: '' });
  });
  afterAll(async () => {
    await running?.stop();
    if (running) await rm(running.dir, { recursive: true, force: true });
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('spreads requests over every replica', async () => {
    seen.clear();
    for (let i = 0; i < 30; i++) expect((await get(`${running.url}/api/x`)).status).toBe(200);
    expect([...seen.keys()].sort()).toEqual(hosts);
    for (const host of hosts) expect(seen.get(host), host).toBeGreaterThanOrEqual(5);
  });

  it('a stopped replica is skipped: every request still answered by the others', async () => {
    const stopped = servers[1]!;
    await new Promise((resolve) => stopped.close(resolve));
    stopped.closeAllConnections();
    seen.clear();
    const answers: string[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await get(`${running.url}/api/x`);
      expect(response.status).toBe(200);
      answers.push(JSON.parse(response.body.toString('utf8')).data);
    }
    expect(new Set(answers)).toEqual(new Set([hosts[0], hosts[2]]));
  });
});
