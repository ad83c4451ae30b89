/**
 * Several API replicas behind nginx, as `docker compose up --scale api=N` makes them: one DNS name
 * (here api.test, answered by a fake of Docker's DNS) with one address per replica, looked up again
 * by nginx while it runs. Checks the spread, the retry rules (a refused connection for every request;
 * a draining replica's 503 or a broken connection only for GET/HEAD and POSTs with an
 * Idempotency-Key), that added and removed replicas are followed, and a rolling restart of real API
 * processes on one PostgreSQL under a stream of reads and writes.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../tools/edge-local.mjs';
import { startApiServer, type ApiServer } from '../../server/test/support/processes.mjs';
import { startPostgres, type PostgresServer } from '../../server/test/support/postgres-server.mjs';
import { startFakeDns, type FakeDns } from './dns';
import { get, post, type RawResponse } from './http';
import { startSecondNginx, type SecondNginx } from './second-nginx';

const edge = inject('edge');
const REPLICA_A = '127.0.0.2';
const REPLICA_B = '127.0.0.3';

/** The template's DNS cache, shortened to 1 s so the tests see a change sooner. */
const fastDns = (file: string, text: string) => (file === 'default.conf' ? text.replace(/ valid=\d+s/, ' valid=1s') : text);
/** valid=1s counts in whole seconds: an answer may be used for up to 2 s. */
const dnsCacheExpired = () => new Promise((r) => setTimeout(r, 2500));

type Mode = 'ok' | 'draining' | 'broken';

/** A stand-in API replica that answers as told and counts what it was sent. */
class FakeReplica {
  mode: Mode = 'ok';
  readonly seen: Array<{ method: string; keyed: boolean }> = [];
  private server?: Server;
  constructor(
    readonly host: string,
    readonly port: number,
  ) {}

  async start() {
    this.server = createServer((request, response) => {
      this.seen.push({ method: request.method ?? '', keyed: Boolean(request.headers['idempotency-key']) });
      request.resume();
      request.on('end', () => {
        if (this.mode === 'broken') return void request.socket.destroy();
        if (this.mode === 'draining') {
          response.writeHead(503, { 'content-type': 'application/json' });
          return void response.end('{"success":false,"message":"服务正在重启，请稍后再试"}');
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ success: true, data: this.host }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, this.host, resolve));
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  count(method: string, keyed?: boolean) {
    return this.seen.filter((r) => r.method === method && (keyed === undefined || r.keyed === keyed)).length;
  }
}

const answeredBy = (response: RawResponse) => JSON.parse(response.body.toString('utf8')).data as string;

describe('replicas behind one name: spread, retries, added and removed', () => {
  let dns: FakeDns;
  let nginx: SecondNginx;
  let a: FakeReplica;
  let b: FakeReplica;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    a = new FakeReplica(REPLICA_A, port);
    b = new FakeReplica(REPLICA_B, port);
    await a.start();
    await b.start();
    dns = await startFakeDns({ 'api.test': [REPLICA_A, REPLICA_B] });
    nginx = await startSecondNginx({
      apiUpstream: `http://api.test:${port}`,
      webRoot: edge.webRoot,
      resolvers: dns.address,
      edit: fastDns,
    });
    base = nginx.url;
  });
  afterAll(async () => {
    await nginx?.stop();
    await dns?.stop();
    await a?.stop();
    await b?.stop();
  });

  const reset = async (modeA: Mode | 'refused') => {
    a.seen.length = 0;
    b.seen.length = 0;
    b.mode = 'ok';
    if (modeA === 'refused') await a.stop();
    else a.mode = modeA;
  };

  it('spreads requests over every address of the name', async () => {
    await reset('ok');
    for (let i = 0; i < 30; i++) expect((await get(`${base}/api/x`)).status).toBe(200);
    expect(a.count('GET')).toBeGreaterThan(0);
    expect(b.count('GET')).toBeGreaterThan(0);
  });

  it('a draining replica (503): GETs and POSTs with an Idempotency-Key go to another, other POSTs are not repeated', async () => {
    await reset('draining');
    for (let i = 0; i < 20; i++) {
      const response = await get(`${base}/api/x`);
      expect(response.status).toBe(200);
      expect(answeredBy(response)).toBe(REPLICA_B);
    }
    expect(a.count('GET')).toBeGreaterThan(0); // tried there first, then on B

    const plain = [];
    for (let i = 0; i < 20; i++) plain.push((await post(`${base}/api/x`, { i })).status);
    // Every POST A received came back as its 503: none was sent again to B.
    expect(plain.filter((s) => s === 503).length).toBe(a.count('POST', false));
    expect(plain.filter((s) => s !== 503).every((s) => s === 200)).toBe(true);
    expect(a.count('POST', false)).toBeGreaterThan(0);

    for (let i = 0; i < 20; i++) {
      const response = await post(`${base}/api/x`, { i }, { 'idempotency-key': `drain-${i}` });
      expect(response.status).toBe(200);
      expect(answeredBy(response)).toBe(REPLICA_B);
    }
    expect(a.count('POST', true)).toBeGreaterThan(0);
  });

  it('a connection broken after the request was sent: the same rules, a POST without a key gets the 502 envelope', async () => {
    await reset('broken');
    for (let i = 0; i < 20; i++) expect((await get(`${base}/api/x`)).status).toBe(200);
    expect(a.count('GET')).toBeGreaterThan(0);

    const plain = [];
    for (let i = 0; i < 20; i++) plain.push(await post(`${base}/api/x`, { i }));
    const failed = plain.filter((r) => r.status !== 200);
    expect(failed.length).toBe(a.count('POST', false));
    expect(failed.length).toBeGreaterThan(0);
    for (const response of failed) {
      expect(response.status).toBe(502);
      expect(JSON.parse(response.body.toString('utf8')).message).toBe('服务暂时不可用，请稍后再试');
    }

    for (let i = 0; i < 20; i++) {
      expect((await post(`${base}/api/x`, { i }, { 'idempotency-key': `broken-${i}` })).status).toBe(200);
    }
    expect(a.count('POST', true)).toBeGreaterThan(0);
  });

  it('a refused connection (a stopped replica) is tried on another, for every method', async () => {
    await reset('refused');
    try {
      for (let i = 0; i < 20; i++) {
        expect((await get(`${base}/api/x`)).status).toBe(200);
        expect((await post(`${base}/api/x`, { i })).status).toBe(200);
      }
      expect(b.count('POST')).toBe(20);
    } finally {
      await a.start();
    }
  });

  it('follows replicas added and removed (the name is looked up again)', async () => {
    await reset('ok');
    dns.set('api.test', [REPLICA_A]);
    await dnsCacheExpired();
    for (let i = 0; i < 10; i++) expect(answeredBy(await get(`${base}/api/x`))).toBe(REPLICA_A);

    dns.set('api.test', [REPLICA_A, REPLICA_B]); // scaled up
    await dnsCacheExpired();
    const spread = new Set<string>();
    for (let i = 0; i < 30; i++) spread.add(answeredBy(await get(`${base}/api/x`)));
    expect([...spread].sort()).toEqual([REPLICA_A, REPLICA_B]);

    dns.set('api.test', [REPLICA_B]); // A removed
    await dnsCacheExpired();
    const before = a.seen.length;
    for (let i = 0; i < 10; i++) expect(answeredBy(await get(`${base}/api/x`))).toBe(REPLICA_B);
    expect(a.seen.length).toBe(before);
    dns.set('api.test', [REPLICA_A, REPLICA_B]);
  });
});

describe('rolling restart of two real API processes on one PostgreSQL', () => {
  let postgres: PostgresServer;
  let dns: FakeDns;
  let nginx: SecondNginx;
  const replicas: Record<string, ApiServer> = {};
  let port: number;
  const startReplica = async (host: string) => {
    replicas[host] = await startApiServer({
      host,
      port,
      env: { DATABASE_URL: postgres.url, TRUST_PROXY: '1', DATA_DIR: undefined },
      what: `API replica ${host}`,
    });
  };

  beforeAll(async () => {
    postgres = await startPostgres();
    port = await freePort();
    // One after the other: the first migrates and seeds the empty database.
    await startReplica(REPLICA_A);
    await startReplica(REPLICA_B);
    dns = await startFakeDns({ 'api.test': [REPLICA_A, REPLICA_B] });
    nginx = await startSecondNginx({
      apiUpstream: `http://api.test:${port}`,
      webRoot: edge.webRoot,
      resolvers: dns.address,
      limits: { EDGE_LOGIN_RATE: '100r/s', EDGE_LOGIN_BURST: '100' },
    });
  });
  afterAll(async () => {
    await nginx?.stop();
    await dns?.stop();
    for (const replica of Object.values(replicas)) await replica.stop();
    await postgres?.stop();
  });

  it('loses no request while one process is stopped (SIGTERM) and started again', async () => {
    const login = await post(`${nginx.url}/api/user/pwd-login`, { phone: '13800138000', password: 'demo12345' });
    expect(login.status).toBe(200);
    const token = JSON.parse(login.body.toString('utf8')).data.token as string;
    const auth = { 't-token': token };

    type Outcome = { kind: 'GET' | 'POST' | 'POST+key'; status: number; body: string };
    const outcomes: Outcome[] = [];
    let restarting = true;
    const MAX_PER_CLIENT = 400; // bounds the stream even if the restart hangs
    const client = async (id: number) => {
      for (let i = 0; i < MAX_PER_CLIENT && restarting; i++) {
        const kind = (['GET', 'POST', 'POST+key'] as const)[(id + i) % 3];
        const avatar = `avatar${1 + ((id + i) % 8)}`;
        const response =
          kind === 'GET'
            ? await get(`${nginx.url}/api/user/user-data`, { ...auth, 'x-requested-with': 'XMLHttpRequest' })
            : await post(
                `${nginx.url}/api/user/update-avatar`,
                { avatar },
                kind === 'POST' ? auth : { ...auth, 'idempotency-key': `roll-${id}-${i}` },
              );
        outcomes.push({ kind, status: response.status, body: response.body.toString('utf8') });
      }
    };
    const clients = Promise.all([0, 1, 2, 3].map(client));

    await new Promise((r) => setTimeout(r, 1000));
    const stopping = replicas[REPLICA_A];
    const exitCode = new Promise((r) => stopping.child.once('exit', (code) => r(code)));
    stopping.child.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    await startReplica(REPLICA_A);
    await new Promise((r) => setTimeout(r, 1000));
    restarting = false;
    await clients;

    // The restarted process is back in the rotation.
    const logged = (await nginx.accessLog()).length;
    for (let i = 0; i < 20; i++) expect((await get(`${nginx.url}/api/Announcement/get?type=top`)).status).toBe(200);
    const servedBy = (await nginx.accessLog()).slice(logged).map((line) => /upstream=(\S+) /.exec(line)?.[1]);
    expect(servedBy).toContain(`${REPLICA_A}:${port}`);
    expect(servedBy).toContain(`${REPLICA_B}:${port}`);

    const failed = outcomes.filter((o) => o.status !== 200);
    const retried = (await nginx.accessLog()).filter((line) => /upstream=\S+, /.test(line)).length;
    console.log(
      `rolling restart: ${outcomes.length} requests (${outcomes.filter((o) => o.kind === 'GET').length} GET), ` +
        `${retried} sent to a second replica by nginx, ${failed.length} not answered 200: ` +
        JSON.stringify(failed.map((o) => `${o.kind} ${o.status} ${o.body.slice(0, 80)}`)),
    );
    expect(outcomes.length).toBeGreaterThan(100);
    // GETs and keyed POSTs are retried by nginx on anything; a plain POST only when its connection
    // was refused. One the stopping process accepted and then closed unanswered (its listen queue
    // at close) cannot be repeated safely by nginx: that, and only that, is tolerated, as a 502
    // (or the draining process's 503), and reported above.
    for (const outcome of outcomes) {
      if (outcome.kind === 'POST' && (outcome.status === 502 || outcome.status === 503)) continue;
      expect(`${outcome.kind} ${outcome.status}`).toBe(`${outcome.kind} 200`);
    }
    expect(failed.length).toBeLessThanOrEqual(outcomes.length / 100);
  });
});
