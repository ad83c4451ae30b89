/**
 * Database faults against a real PostgreSQL server (run by `npm run test:pg`): the API server runs
 * in its own process on a PostgreSQL started for this file alone (it gets stopped and started).
 * Idle and busy backends terminated: the process lives and the next request succeeds. PostgreSQL
 * stopped: API routes answer 503 in Chinese. Started again: 200 without restarting the API.
 * Restarted while clients buy and pay: only 200s and 503 envelopes, and every paid order credited once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEMO_PASSWORD, DEMO_PHONE } from '../src/seed.ts';
import { startPostgres } from './support/postgres-server.mjs';
import { startApiServer, type ApiServer } from './support/processes.mjs';
import { usingPostgres } from './support/support.ts';

const STATEMENT_TIMEOUT_MS = 5000;
const UNAVAILABLE = { success: false, message: '服务暂时不可用，请稍后再试' };

describe.runIf(usingPostgres)('PostgreSQL faults under a running API server', () => {
  let database: Awaited<ReturnType<typeof startPostgres>>;
  let api: ApiServer;
  let admin: pg.Client;
  let token: string;

  const request = async (path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) => {
    const res = await fetch(`${api.baseURL}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(init.auth === false ? {} : { 't-token': token }),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; message?: string; data?: any } };
  };
  const userData = () => request('/api/user/user-data');
  /** The API's backends: idle ones, or those waiting for a lock (busy with a request). */
  const apiBackends = async (kind: 'idle' | 'waiting for a lock') => {
    const { rows } = await admin.query(
      `select pid from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()
         and case when $1 = 'idle' then state = 'idle' else state = 'active' and wait_event_type = 'Lock' end`,
      [kind],
    );
    return rows.map((row) => row.pid as number);
  };
  const connectAdmin = async () => {
    admin = new pg.Client({ connectionString: database.url });
    admin.on('error', () => {}); // the admin session dies with the server in the stop test
    await admin.connect();
  };
  const expectAlive = () => expect(api.child.exitCode).toBeNull();

  beforeAll(async () => {
    database = await startPostgres();
    api = await startApiServer({
      env: { DATABASE_URL: database.url, DB_CONNECT_TIMEOUT_MS: '2000', DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) },
      what: 'API server on PostgreSQL',
    });
    await connectAdmin();
    const login = await request('/api/user/pwd-login', {
      method: 'POST',
      body: { phone: DEMO_PHONE, password: DEMO_PASSWORD },
      auth: false,
    });
    expect(login.status).toBe(200);
    token = login.body.data.token;
  });

  afterAll(async () => {
    await admin?.end().catch(() => {});
    await api?.stop();
    await database?.stop();
  });

  it('idle connections terminated: the process lives, the next request succeeds, each loss logged once', async () => {
    // Fill the pool with a few connections, then let them go idle.
    await Promise.all(Array.from({ length: 6 }, userData));
    const idle = await apiBackends('idle');
    expect(idle.length).toBeGreaterThan(0);
    const logBefore = api.log().length;
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [idle]);
    await new Promise((r) => setTimeout(r, 500));
    expectAlive();
    expect((await userData()).status).toBe(200);
    const lost = api
      .log()
      .slice(logBefore)
      .split('\n')
      .filter((line) => line.includes('database connection lost'));
    expect(lost.length).toBe(idle.length);
    for (const line of lost) expect(JSON.parse(line)).toMatchObject({ level: 40, err: { code: '57P01' } });
  });

  it('busy connections terminated mid-request: those requests answer 503, the process lives, the next succeeds', async () => {
    // Hold a lock the requests need, so their backends are busy when they are terminated.
    await admin.query('begin');
    await admin.query('lock table users in access exclusive mode');
    const inFlight = Array.from({ length: 4 }, userData);
    let busy: number[] = [];
    for (let i = 0; i < 80 && busy.length < 4; i++) {
      await new Promise((r) => setTimeout(r, 50));
      busy = await apiBackends('waiting for a lock');
    }
    expect(busy.length).toBeGreaterThan(0);
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [busy]);
    await admin.query('rollback');
    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.body).toEqual(UNAVAILABLE);
    }
    // Each terminated request answers 503 (one that also reached the statement timeout on a slow machine would too).
    expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThanOrEqual(busy.length);
    expectAlive();
    expect((await userData()).status).toBe(200);
  });

  it('a statement stuck longer than DB_STATEMENT_TIMEOUT_MS answers 503, then all is well', async () => {
    await admin.query('begin');
    await admin.query('lock table users in access exclusive mode');
    const started = Date.now();
    const answer = await userData();
    const waited = Date.now() - started;
    await admin.query('rollback');
    expect(answer).toEqual({ status: 503, body: UNAVAILABLE });
    expect(waited).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(STATEMENT_TIMEOUT_MS + 5000);
    expect((await userData()).status).toBe(200);
  });

  it('PostgreSQL stopped: API routes answer 503 in Chinese; started again: 200 without restarting the API', async () => {
    await database.shutdown();
    const routes: [string, { method?: string; body?: unknown; auth?: boolean }][] = [
      ['/api/user/user-data', {}],
      ['/api/plan/config?flowType=tb', { auth: false }],
      ['/api/plan/manage/list', {}],
      ['/api/Announcement/get?type=top', { auth: false }],
      ['/api/user/pwd-login', { method: 'POST', body: { phone: DEMO_PHONE, password: DEMO_PASSWORD }, auth: false }],
      ['/api/order/create', { method: 'POST', body: { goodsId: 1, payType: 1 } }],
    ];
    for (const [path, init] of routes) {
      const started = Date.now();
      const answer = await request(path, init);
      expect({ path, ...answer }).toEqual({ path, status: 503, body: UNAVAILABLE });
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect((await request('/api/healthz', { auth: false })).status).toBe(503);
    // What the alerts read: not ready, and the 503s counted as the database's (DatabaseUnavailable, ApiNotReady).
    const down = await (await fetch(`${api.baseURL}/metrics`)).text();
    expect(down).toMatch(/^api_ready 0$/m);
    expect(Number(/^db_unavailable_responses_total (\d+)$/m.exec(down)?.[1])).toBeGreaterThanOrEqual(routes.length);
    expectAlive();

    await database.restart();
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 30_000) {
      status = (await userData()).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const recoveredMs = Date.now() - back;
    console.log(`PostgreSQL back: the API answered 200 again after ${recoveredMs} ms, without a restart`);
    expect(status).toBe(200);
    expectAlive();
    await connectAdmin();
  });
  it('PostgreSQL restarted under load (orders paid meanwhile): every answer 200 or the 503 envelope, each paid order credited once', async () => {
    let stop = false;
    const answers: Array<{ status: number; body: { success: boolean; message?: string } }> = [];
    const failures: string[] = [];
    const send = async (path: string, body?: unknown) => {
      try {
        const answer = await request(path, body ? { method: 'POST', body } : {});
        answers.push(answer);
        return answer;
      } catch (error) {
        failures.push(`${path}: ${String(error)}`); // a hang (30 s) or a broken answer
        return null;
      }
    };
    // Each client buys and pays, one request after another, until told to stop (bounded); between
    // purchases it reads the plan screens, whose statements are prepared on each pooled connection.
    const client = async () => {
      for (let i = 0; i < 500 && !stop; i++) {
        const created = await send('/api/order/create', { goodsId: 1, payType: 1 });
        if (created?.status === 200) await send(`/api/pay/sandbox/${(created.body as any).data.orderNo}/confirm`, {});
        else await new Promise((r) => setTimeout(r, 50));
        await send(i % 2 ? '/api/plan/count-data' : '/api/plan/manage/list?status=running');
      }
    };
    const clients = Promise.all(Array.from({ length: 6 }, client));
    await new Promise((r) => setTimeout(r, 1000));
    await database.shutdown();
    await new Promise((r) => setTimeout(r, 1000));
    await database.restart();
    const back = answers.length;
    for (let i = 0; i < 300 && !answers.slice(back).some((a) => a.status === 200); i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    await clients;

    expect(failures).toEqual([]);
    expect(answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.body.message === UNAVAILABLE.message))).toEqual([]);
    expect(answers.slice(back).some((a) => a.status === 200)).toBe(true);
    // The connections opened after the restart prepare those statements again.
    expect((await request('/api/plan/manage/list?status=running')).status).toBe(200);
    expect((await request('/api/plan/count-data')).status).toBe(200);
    expectAlive();
    await connectAdmin();
    const { rows } = await admin.query(
      `select (select integral from users where phone = $1) as balance,
              (select sum(delta) from points_ledger l join users u on u.id = l.user_id where u.phone = $1) as ledger,
              (select count(*) from orders o join users u on u.id = o.user_id where u.phone = $1 and o.status = 'paid') as paid,
              (select count(*) from points_ledger l join orders o on l.reference = 'order:' || o.order_no
                 where l.kind = 'recharge' and o.status = 'paid') as credited,
              (select count(*) from points_ledger l join orders o on l.reference = 'order:' || o.order_no
                 where l.kind = 'recharge' and o.status <> 'paid') as stray`,
      [DEMO_PHONE],
    );
    const totals = Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
    console.log(
      `PostgreSQL restarted under load: ${answers.length} answers (${answers.filter((a) => a.status === 503).length} of them 503), ${totals.paid} orders paid`,
    );
    expect(totals.balance).toBe(totals.ledger);
    expect(totals.paid).toBeGreaterThan(0);
    expect(totals.credited).toBe(totals.paid);
    expect(totals.stray).toBe(0);
  }, 120_000);
});
