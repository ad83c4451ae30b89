/**
 * Idempotency-Key under faults, on a real PostgreSQL with real API processes (npm run test:pg
 * only): the process killed (-9) while a keyed create's transaction is open, then the key repeated
 * after a restart, runs afresh (one plan); the answer's write refused once after the plan was
 * inserted rolls the plan back, and the repeat runs afresh (one plan), never 409; UPDATEs of the key
 * table refused change nothing for a fresh key; the key repeated
 * on another replica while the first still runs waits (409 after IDEMPOTENCY_WAIT_MS), then replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEMO_PASSWORD, DEMO_PHONE } from '../src/seed.ts';
import { startApiServer, type ApiServer } from './support/processes.mjs';
import { createScratchDatabase, usingPostgres } from './support/support.ts';
import { formFromServer } from './support/plan-helpers.ts';

const WAIT_MS = 1500;
/** Advisory lock the test holds to stop a plan insert in the middle of its transaction. */
const GATE_LOCK = 424242;

describe.skipIf(!usingPostgres)('Idempotency-Key when processes die and writes fail (PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let admin: pg.Client;
  let token: string;
  let demoId: number;
  let form: Record<string, unknown>;
  const servers: ApiServer[] = [];

  const start = async (what: string) => {
    const server = await startApiServer({ env: { DATABASE_URL: scratch.url, IDEMPOTENCY_WAIT_MS: String(WAIT_MS) }, what });
    servers.push(server);
    return server;
  };
  const post = async (server: ApiServer, path: string, body: unknown, key?: string) => {
    const res = await fetch(server.baseURL + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 't-token': token, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      replayed: res.headers.get('idempotent-replayed'),
      body: (await res.json()) as { success: boolean; message?: string; data?: any },
    };
  };
  const createPlan = (server: ApiServer, key: string) => post(server, '/api/plan/create', form, key);
  const number = async (text: string, values: unknown[] = []) => Number((await admin.query(text, values)).rows[0].n);
  const plans = () => number('select count(*) as n from plans where user_id = $1', [demoId]);
  const balanceAndLedger = async () => [
    await number('select integral as n from users where id = $1', [demoId]),
    await number('select coalesce(sum(delta), 0) as n from points_ledger where user_id = $1', [demoId]),
  ];
  const keyRows = (key: string) => number('select count(*) as n from idempotency_keys where key = $1', [key]);

  /** Plan inserts wait for GATE_LOCK (held by `gate`) in the middle of their transaction. */
  const installGate = () =>
    admin.query(`create or replace function gate_plan() returns trigger language plpgsql as $$ begin perform pg_advisory_xact_lock(${GATE_LOCK}); return new; end $$;
                 create trigger gate_plan before insert on plans for each row execute function gate_plan()`);
  const removeGate = () => admin.query('drop trigger if exists gate_plan on plans');
  /** The backend of a plan insert waiting at the gate. */
  const waitForGatedInsert = async () => {
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query(
        `select pid from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into "plans"%'`,
      );
      if (rows[0]) return rows[0].pid as number;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no plan insert reached the gate');
  };
  const gate = async () => {
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock($1)', [GATE_LOCK]);
    return { open: async () => holder.query('rollback').finally(() => holder.end()) };
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const first = await start('API process A');
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    const login = await post(first, '/api/user/pwd-login', { phone: DEMO_PHONE, password: DEMO_PASSWORD });
    token = login.body.data.token;
    demoId = await number('select id as n from users where phone = $1', [DEMO_PHONE]);
    form = await formFromServer(first.baseURL);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await admin?.end();
    await scratch?.drop();
  });

  it('kill -9 while a keyed create is in its transaction: after a restart the key runs afresh, one plan, one charge', async () => {
    const [before] = await balanceAndLedger();
    await installGate();
    const held = await gate();
    const a = servers[0]!;
    const dying = post(a, '/api/plan/create', form, 'crash-1').catch(() => 'connection lost');
    const backend = await waitForGatedInsert();
    a.child.kill('SIGKILL');
    expect(await dying).toBe('connection lost');
    await held.open();
    // Its backend finds its client gone and rolls the transaction back (and with it the key's lock).
    for (let i = 0; i < 200 && (await number('select count(*) as n from pg_stat_activity where pid = $1', [backend])) > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await removeGate();
    expect([await plans(), await keyRows('crash-1')]).toEqual([0, 0]);

    const restarted = await start('API process A, restarted');
    const repeat = await createPlan(restarted, 'crash-1');
    expect([repeat.status, repeat.replayed]).toEqual([200, null]);
    const again = await createPlan(restarted, 'crash-1');
    expect([again.status, again.replayed, again.body.data.id]).toEqual([200, 'true', repeat.body.data.id]);
    expect(await plans()).toBe(1);
    const [balance, ledger] = await balanceAndLedger();
    expect(balance).toBe(ledger);
    expect(balance).toBe(before - repeat.body.data.totalCost);
  }, 180_000);

  it('the answer write refused once after the plan was inserted: the plan rolls back with it; the repeat runs once, never 409', async () => {
    const server = servers.at(-1)!;
    const plansBefore = await plans();
    const [before] = await balanceAndLedger();
    // A sequence is not transactional: the trigger refuses the first write of an answer only.
    await admin.query(`create sequence answer_fault;
      create or replace function refuse_answer_once() returns trigger language plpgsql as $$
        begin if nextval('answer_fault') = 1 then raise exception 'answer write refused by test'; end if; return new; end $$;
      create trigger refuse_answer_once before insert or update on idempotency_keys for each row execute function refuse_answer_once()`);
    try {
      const first = await createPlan(server, 'answer-lost');
      expect(first.status).toBe(500);
      expect(first.body.success).toBe(false);
      expect(await plans()).toBe(plansBefore);
      expect((await balanceAndLedger())[0]).toBe(before);
      const repeat = await createPlan(server, 'answer-lost');
      expect([repeat.status, repeat.replayed]).toEqual([200, null]);
      const again = await createPlan(server, 'answer-lost');
      expect([again.status, again.replayed, again.body.data.id]).toEqual([200, 'true', repeat.body.data.id]);
      expect(await plans()).toBe(plansBefore + 1);
      const [balance, ledger] = await balanceAndLedger();
      expect([balance, ledger]).toEqual([before - repeat.body.data.totalCost, before - repeat.body.data.totalCost]);
    } finally {
      await admin.query(
        'drop trigger refuse_answer_once on idempotency_keys; drop function refuse_answer_once(); drop sequence answer_fault',
      );
    }
  }, 60_000);

  it('UPDATEs of the key table refused: a fresh key needs none (its answer is one INSERT, with the plan), so 200 and then the replay', async () => {
    const server = servers.at(-1)!;
    const plansBefore = await plans();
    await admin.query(`create or replace function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'update refused by test'; end $$;
      create trigger refuse_update before update on idempotency_keys for each row execute function refuse_update()`);
    try {
      const first = await createPlan(server, 'no-update');
      expect([first.status, first.replayed]).toEqual([200, null]);
      const again = await createPlan(server, 'no-update');
      expect([again.status, again.replayed, again.body.data.id]).toEqual([200, 'true', first.body.data.id]);
    } finally {
      await admin.query('drop trigger refuse_update on idempotency_keys; drop function refuse_update()');
    }
    expect(await plans()).toBe(plansBefore + 1);
  }, 60_000);

  it('the key repeated on another replica while the first still runs: 409 after the wait, then the first answer replayed', async () => {
    const a = servers.at(-1)!;
    const b = await start('API process B');
    const plansBefore = await plans();
    await installGate();
    const held = await gate();
    try {
      const first = createPlan(a, 'two-replicas');
      await waitForGatedInsert();
      const started = Date.now();
      const meanwhile = await createPlan(b, 'two-replicas');
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS);
      expect([meanwhile.status, meanwhile.body.message]).toEqual([409, '相同的请求正在处理中，请稍后刷新查看结果']);
      // Another repeat on B waits; the first finishes meanwhile and B replays its answer.
      const waiting = createPlan(b, 'two-replicas');
      await new Promise((r) => setTimeout(r, 300));
      await held.open();
      const [answer, replayed] = await Promise.all([first, waiting]);
      expect([answer.status, answer.replayed]).toEqual([200, null]);
      expect([replayed.status, replayed.replayed, replayed.body.data.id]).toEqual([200, 'true', answer.body.data.id]);
    } finally {
      await removeGate();
    }
    expect(await plans()).toBe(plansBefore + 1);
    const [balance, ledger] = await balanceAndLedger();
    expect(balance).toBe(ledger);
  }, 180_000);
});
