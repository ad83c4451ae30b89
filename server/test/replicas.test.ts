/**
 * Several API processes on one PostgreSQL database (npm run test:pg only): they start together on
 * an empty database and seed it once; a SIGTERM under load drains (answers in flight finish,
 * every answer is the envelope, exit 0); one Idempotency-Key across two processes makes one plan,
 * one charge and one order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import http from 'node:http';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/tables.ts';
import { DEMO_PASSWORD, DEMO_PHONE } from '../src/seed.ts';
import { PLAN_CONFIG_SEED } from '../src/modules/plan-config/index.ts';
import { startApiServer, type ApiServer } from './support/processes.mjs';
import { createScratchDatabase, usingPostgres } from './support/support.ts';
import { formFromServer } from './support/plan-helpers.ts';

const PROCESSES = 4;

describe.skipIf(!usingPostgres)('API replicas on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let servers: ApiServer[] = [];
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle<typeof schema>>;
  let token: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    db = drizzle({ client: pool, schema });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await pool?.end();
    await scratch?.drop();
  });

  const post = async (server: ApiServer, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(server.baseURL + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 't-token': token, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { success: boolean; message?: string; data?: any } };
  };
  const count = async (query: ReturnType<typeof sql>) => Number((await db.execute(query)).rows[0]!.n);
  const balanceAndLedger = async (userId: number) => [
    await count(sql`select integral as n from users where id = ${userId}`),
    await count(sql`select coalesce(sum(delta), 0) as n from points_ledger where user_id = ${userId}`),
  ];

  it(`${PROCESSES} processes started at the same moment on an empty database all come up, seeded once`, async () => {
    // The last process drains with a grace period (as in a container); the others as npm start (0).
    const env = (i: number) => ({ DATABASE_URL: scratch.url, SHUTDOWN_GRACE_MS: i === PROCESSES - 1 ? '2000' : '0' });
    const started = await Promise.allSettled(
      Array.from({ length: PROCESSES }, (_, i) => startApiServer({ env: env(i), what: `API process ${i + 1}`, graceMs: 20_000 })),
    );
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual(Array(PROCESSES).fill('up'));

    expect(await count(sql`select count(*) as n from users where phone = ${DEMO_PHONE}`)).toBe(1);
    expect(await count(sql`select count(*) as n from points_ledger`)).toBe(1);
    expect(await count(sql`select count(*) as n from member_levels`)).toBe(4);
    expect(await count(sql`select count(*) as n from plan_configs`)).toBe(Object.values(PLAN_CONFIG_SEED).flat().length);
    expect(await count(sql`select count(*) as n from operators`)).toBe(1);
    expect(await count(sql`select count(*) as n from announcements`)).toBe(1);
    expect(await count(sql`select count(*) as n from goods`)).toBe(10);
    for (const server of servers) expect((await fetch(`${server.baseURL}/api/readyz`)).status).toBe(200);

    const login = await post(servers[0]!, '/api/user/pwd-login', { phone: DEMO_PHONE, password: DEMO_PASSWORD });
    token = login.body.data.token;
    expect(token).toEqual(expect.any(String));
  }, 300_000); // four TypeScript servers starting on a shared 2-core machine

  it('one Idempotency-Key sent 20 times at once across two processes: one plan, one charge; another body 422', async () => {
    const [a, b] = servers as [ApiServer, ApiServer];
    const [demo] = await db.select().from(schema.users).where(eq(schema.users.phone, DEMO_PHONE));
    const form = await formFromServer(a.baseURL);
    const before = (await balanceAndLedger(demo!.id))[0]!;
    const key = { 'idempotency-key': 'replica-publish-1' };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? b : a, '/api/plan/create', form, key)));
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const ok = answers.filter((r) => r.status === 200);
    expect(new Set(ok.map((r) => r.body.data.id)).size).toBe(1);
    expect(ok.filter((r) => !r.headers.get('idempotent-replayed'))).toHaveLength(1);
    expect(await count(sql`select count(*) as n from plans where user_id = ${demo!.id}`)).toBe(1);
    expect(await count(sql`select count(*) as n from points_ledger where kind = 'plan_charge'`)).toBe(1);
    const [balance, ledger] = await balanceAndLedger(demo!.id);
    expect(balance).toBe(ledger);
    expect(balance).toBe(before - ok[0]!.body.data.totalCost);

    const other = await post(b, '/api/plan/create', { ...form, days: 3 }, key);
    expect(other.status).toBe(422);
    expect(other.body.success).toBe(false);
    expect((await balanceAndLedger(demo!.id))[0]).toBe(balance);

    const goods = ((await (await fetch(`${a.baseURL}/api/god/get?type=integral`, { headers: { 't-token': token } })).json()) as any)
      .data[0];
    const orderKey = { 'idempotency-key': 'replica-buy-1' };
    const orderAnswers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(i % 2 ? b : a, '/api/order/create', { goodsId: goods.id, payType: 1 }, orderKey)),
    );
    expect(new Set(orderAnswers.filter((r) => r.status === 200).map((r) => r.body.data.orderNo)).size).toBe(1);
    expect(await count(sql`select count(*) as n from orders where user_id = ${demo!.id}`)).toBe(1);
  });

  /**
   * 8 clients, each sending one request after another (user data, and orders: a write) to one
   * process until it refuses connections (a balancer sends those elsewhere) or `stopSending()`
   * says so. Any other failure is a request lost.
   *
   * Each client keeps one connection, as a balancer's upstream slot does. A pool that opens extra
   * connections at random moments (fetch's does) meets the kernel's reset of connections queued but
   * not yet accepted when a process stops listening without a grace period: a TCP race no server
   * can close (see http/shutdown.ts), which would make this test flaky without testing the server.
   */
  function loadOn(server: ApiServer, stopSending: () => boolean) {
    const answers: Array<{ status: number; envelope: boolean; afterSignal: boolean; connectionClose: boolean }> = [];
    const failures: string[] = [];
    let refused = false;
    let signalled = false;
    const send = (agent: http.Agent, method: 'GET' | 'POST', path: string, body?: unknown) =>
      new Promise<{ status: number; text: string; connection: string | undefined }>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const headers: Record<string, string> = { 't-token': token };
        if (payload) headers['content-type'] = 'application/json';
        const req = http.request(server.baseURL + path, { method, agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, text, connection: res.headers.connection }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(payload);
      });
    const client = async (n: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; i < 1000 && !refused && !stopSending(); i++) {
          try {
            const res =
              (i + n) % 3 === 0
                ? await send(agent, 'POST', '/api/order/create', { goodsId: 1, payType: 1 })
                : await send(agent, 'GET', '/api/user/user-data');
            let envelope = false;
            try {
              envelope = typeof JSON.parse(res.text).success === 'boolean';
            } catch {
              envelope = false; // not JSON: fails the envelope check below
            }
            answers.push({ status: res.status, envelope, afterSignal: signalled, connectionClose: res.connection === 'close' });
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            if (code === 'ECONNREFUSED') refused = true;
            else failures.push(`${code ?? ''} ${String(error)} ${signalled ? 'after' : 'before'} the signal`);
          }
        }
      } finally {
        agent.destroy();
      }
    };
    const done = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    return { answers, failures, done, signalled: () => (signalled = true) };
  }

  /** Sends SIGTERM, SIGINT and SIGTERM again (group, then init); resolves with the exit code. */
  function signalThrice(server: ApiServer) {
    const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
    server.child.kill('SIGTERM');
    server.child.kill('SIGINT');
    setTimeout(() => server.child.kill('SIGTERM'), 50);
    return exited;
  }

  const expectCleanAnswers = (load: ReturnType<typeof loadOn>) => {
    expect(load.failures).toEqual([]);
    expect(load.answers.length).toBeGreaterThan(20);
    expect(load.answers.filter((a) => !a.envelope)).toEqual([]);
    expect(load.answers.filter((a) => a.status >= 500)).toEqual([]);
  };

  it('SIGTERM under load, no grace (npm start): requests in flight finish, envelope only, exit 0', async () => {
    const victim = servers[PROCESSES - 2]!;
    const load = loadOn(victim, () => false);
    await new Promise((r) => setTimeout(r, 1000));
    const exited = signalThrice(victim);
    load.signalled();
    expect(await exited).toBe(0);
    await load.done;
    expectCleanAnswers(load);
    expect(victim.log()).not.toMatch(/Unhandled|"level":50/);
  });

  it('SIGTERM with a grace period: readiness 503 at once, still serving with Connection: close, then exit 0', async () => {
    const victim = servers[PROCESSES - 1]!;
    // A balancer polling readiness: clients stop sending here once it answers 503.
    let notReady = false;
    const load = loadOn(victim, () => notReady);
    await new Promise((r) => setTimeout(r, 1000));
    const exited = signalThrice(victim);
    load.signalled();
    // The signal reaches the busy process a moment later; readiness flips as soon as it does.
    let ready = await fetch(`${victim.baseURL}/api/readyz`);
    for (let i = 0; i < 40 && ready.status === 200; i++) {
      await new Promise((r) => setTimeout(r, 25));
      ready = await fetch(`${victim.baseURL}/api/readyz`);
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ success: false, message: '服务正在停止，请稍后再试' });
    expect((await fetch(`${victim.baseURL}/api/healthz`)).status).toBe(200); // liveness is not readiness
    notReady = true;
    expect(await exited).toBe(0);
    await load.done;
    expectCleanAnswers(load);
    expect(load.answers.some((a) => a.afterSignal && a.connectionClose)).toBe(true);
    expect(victim.log()).not.toMatch(/Unhandled|"level":50/);
  });
});
