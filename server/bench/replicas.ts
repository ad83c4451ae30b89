/**
 * `npm run bench:replicas`: 1, 2 and 3 API processes (`src/main.ts`, each its own process) on one
 * throwaway PostgreSQL, behind the project's nginx (the template rendered as in the image, with an
 * upstream group of the processes), under the same autocannon load on GET /api/user/user-data.
 * Prints per case: requests/s, p50/p99 latency, and the API processes' CPU per request (user +
 * system time from /proc/<pid>/stat, summed over the processes). Figures, not pass/fail: the
 * machine is shared. Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_REPLICAS ("1,2,3"),
 * BENCH_CPU_PROFILE=dir (writes a --cpu-prof profile of the first process).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error autocannon ships no types (and @types/autocannon is not installed)
import autocannon from 'autocannon';
import { startNginx, freePort } from '../../tools/edge-local.mjs';
import { startPostgres } from '../test/support/postgres-server.mjs';
import { startApiServer, type ApiServer } from '../test/support/processes.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const REPLICAS = (process.env.BENCH_REPLICAS || '1,2,3').split(',').map(Number);
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** user + system CPU time of a process so far, in ms. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const pgServer = await startPostgres();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-replicas-'));
const env = { DATABASE_URL: pgServer.url, LOG_LEVEL: 'warn', TRUST_PROXY: '1', DIST_DIR: path.join(work, 'no-dist') };
const servers: ApiServer[] = [];
const rows: Array<Record<string, string | number>> = [];
try {
  const count = Math.max(...REPLICAS);
  for (let i = 0; i < count; i++) {
    const nodeArgs = PROFILE_DIR && i === 0 ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
    servers.push(await startApiServer({ env, nodeArgs, what: `API process ${i + 1}`, graceMs: 20_000 }));
  }
  const login = (await (
    await fetch(`${servers[0]!.baseURL}/api/user/pwd-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13800138000', password: 'demo12345' }),
    })
  ).json()) as { data?: { token: string } };
  const token = login.data?.token;
  if (!token) throw new Error(`demo login failed: ${JSON.stringify(login)}`);

  for (const n of REPLICAS) {
    const dir = fs.mkdtempSync(path.join(work, `nginx-${n}-`));
    const webRoot = fs.mkdtempSync(path.join(work, 'web-'));
    const nginx = await startNginx({
      dir,
      port: await freePort(),
      // The upstream block nginx/edge.sh writes for API_SERVERS, as a deployment without Docker runs it.
      apiServers: servers
        .slice(0, n)
        .map((s) => `127.0.0.1:${s.port}`)
        .join(' '),
      resolvers: '',
      webRoot,
    });
    try {
      const url = `${nginx.url}/api/user/user-data`;
      const headers = { 't-token': token, 'x-requested-with': 'XMLHttpRequest' };
      await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
      const pids = servers.slice(0, n).map((s) => s.child.pid!);
      const before = pids.map(cpuMs);
      const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
      const cpu = pids.map(cpuMs).reduce((sum, ms, i) => sum + ms - before[i]!, 0);
      const requests = result.requests.total as number;
      rows.push({
        processes: n,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'API CPU ms/req': requests ? Number((cpu / requests).toFixed(3)) : NaN,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    } finally {
      await nginx.stop();
    }
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await pgServer.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(
  `\nGET /api/user/user-data through nginx, ${CONNECTIONS} connections, ${SECONDS} s per case, ${os.cpus().length} cores (shared machine: noisy)`,
);
console.table(rows);
