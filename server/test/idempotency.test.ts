/** Idempotency-Key on the creating POSTs: replay, other body, running, malformed, concurrency, expiry. */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { count, eq, sql } from 'drizzle-orm';
import { idempotencyKeys, orders, plans } from '../src/tables.ts';
import { buildApp } from '../src/app.ts';
import { sweepExpiredRecords } from '../src/modules/account/index.ts';
import { DAY } from '../src/lib/clock.ts';
import { balanceOf, expectLedgerAddsUp, ledgerRows, planCount, validForm } from './support/plan-helpers.ts';
import { call, createTestEnv, createTestUser, usingPostgres, type TestEnv, type TestUser } from './support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ now: '2026-11-20T02:00:00Z', config: { idempotencyWaitMs: 300 } });
});
afterAll(() => env?.close());

const keyed = (key: string) => ({ 'idempotency-key': key });
const createPlan = async (u: TestUser, key: string | undefined, over: Record<string, unknown> = {}) =>
  call(env, 'POST', '/api/plan/create', { token: u.token, body: await validForm(env, over), headers: key === undefined ? {} : keyed(key) });

describe('Idempotency-Key on plan create', () => {
  it('replays the first answer for a repeat with the same body: one plan, one charge', async () => {
    const u = await createTestUser(env, { integral: 1000 });
    const first = await createPlan(u, 'publish-1');
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await createPlan(u, 'publish-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await planCount(env, u.id)).toBe(1);
    expect((await ledgerRows(env, u.id)).filter((r) => r.kind === 'plan_charge')).toHaveLength(1);
    expect(await expectLedgerAddsUp(env, u.id, expect)).toBe(first.body.data.integral);
  });

  it('refuses the same key with another body (422, Chinese) and charges nothing more', async () => {
    const u = await createTestUser(env, { integral: 1000 });
    await createPlan(u, 'k-other');
    const balance = await balanceOf(env, u.id);
    const other = await createPlan(u, 'k-other', { dailyCount: 11 });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false, message: expect.stringMatching(/Idempotency-Key.*不同/) });
    expect(await planCount(env, u.id)).toBe(1);
    expect(await balanceOf(env, u.id)).toBe(balance);
  });

  it('keys belong to one user: another user with the same key gets a plan of their own', async () => {
    const [a, b] = [await createTestUser(env, { integral: 1000 }), await createTestUser(env, { integral: 1000 })];
    expect((await createPlan(a, 'shared')).status).toBe(200);
    const second = await createPlan(b, 'shared');
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect([await planCount(env, a.id), await planCount(env, b.id)]).toEqual([1, 1]);
  });

  it('20 simultaneous repeats make one plan and one charge; every answer is that plan', async () => {
    const u = await createTestUser(env, { integral: 5000 });
    const body = await validForm(env);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(env, 'POST', '/api/plan/create', { token: u.token, body, headers: keyed('burst') })),
    );
    const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data.id));
    expect(ids.size).toBe(1);
    // Repeats wait for the first (up to idempotencyWaitMs here), then replay it or answer 409.
    expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.body.success === false))).toBe(true);
    expect(answers.filter((a) => a.status === 200 && !a.headers['idempotent-replayed'])).toHaveLength(1);
    expect(await planCount(env, u.id)).toBe(1);
    expect(await expectLedgerAddsUp(env, u.id, expect)).toBe(answers.find((a) => a.status === 200)!.body.data.integral);
  });

  it.runIf(usingPostgres)('answers 409 (Chinese) while another process runs the key, then replays its answer once it is kept', async () => {
    const u = await createTestUser(env, { integral: 1000 });
    const first = await createPlan(u, 'slow');
    expect(first.status).toBe(200);
    // Another process running the key holds its transaction-scoped lock: take it from a connection of our own.
    const other = new pg.Client({ connectionString: env.location.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1, hashtext($2))', [u.id, 'slow']);
      const started = Date.now();
      const running = await createPlan(u, 'slow');
      expect(Date.now() - started).toBeGreaterThanOrEqual(300); // it waited idempotencyWaitMs for the answer
      expect(running.status).toBe(409);
      expect(running.body).toEqual({ success: false, message: '相同的请求正在处理中，请稍后刷新查看结果' });
      // Released within the wait: the repeat waits, then replays.
      const waiting = createPlan(u, 'slow');
      await new Promise((r) => setTimeout(r, 100));
      await other.query('rollback');
      const replayed = await waiting;
      expect([replayed.status, replayed.headers['idempotent-replayed'], replayed.body.data.id]).toEqual([200, 'true', first.body.data.id]);
    } finally {
      await other.end();
    }
    expect(await planCount(env, u.id)).toBe(1);
  });

  it('a repeat in the same process while the first runs waits for it and replays it, or answers 409 after the wait', async () => {
    const app = await buildApp(env.ctx, { providers: env.providers });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    app.post('/api/test/slow-create', { preHandler: app.requireUser, config: { idempotent: true } }, async () => {
      runs++;
      await gate;
      return { success: true, data: { run: runs } };
    });
    await app.ready();
    try {
      const u = await createTestUser(env);
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/test/slow-create',
          headers: { 'x-requested-with': 'XMLHttpRequest', 't-token': u.token, ...keyed('slow-here') },
          payload: {},
        });
      const first = send();
      await new Promise((r) => setTimeout(r, 50));
      const tooLate = send();
      if (usingPostgres) {
        // PGlite has one session: the repeat's login check itself waits for the first transaction.
        const refused = await tooLate;
        expect([refused.statusCode, refused.json().message]).toEqual([409, '相同的请求正在处理中，请稍后刷新查看结果']);
      }
      const waiting = send();
      await new Promise((r) => setTimeout(r, 50));
      release();
      const [a, b] = await Promise.all([first, waiting]);
      expect([a.statusCode, b.statusCode, b.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
      expect(b.json()).toEqual(a.json());
      if (!usingPostgres) expect((await tooLate).json()).toEqual(a.json());
      expect(runs).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('refuses a malformed key with 400 and does nothing', async () => {
    const u = await createTestUser(env, { integral: 1000 });
    for (const key of ['', 'a'.repeat(256), 'has space', '键']) {
      const res = await call(env, 'POST', '/api/plan/create', {
        token: u.token,
        body: await validForm(env),
        headers: { 'idempotency-key': key },
      });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.message).toBe('Idempotency-Key 格式不正确：应为 1 到 255 个可见 ASCII 字符');
    }
    expect(await planCount(env, u.id)).toBe(0);
    expect(await balanceOf(env, u.id)).toBe(1000);
  });

  it('without a key, a repeat creates again (as before)', async () => {
    const u = await createTestUser(env, { integral: 1000 });
    expect((await createPlan(u, undefined)).status).toBe(200);
    expect((await createPlan(u, undefined)).status).toBe(200);
    expect(await planCount(env, u.id)).toBe(2);
  });

  it('replays a refusal too (insufficient points), so a repeat cannot sneak past the first answer', async () => {
    const u = await createTestUser(env, { integral: 1 });
    const first = await createPlan(u, 'poor');
    expect(first.status).toBeGreaterThanOrEqual(400);
    const again = await createPlan(u, 'poor');
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([first.status, 'true']);
  });

  it('keeps no 5xx answer: the work rolled back, so a retry with the same key runs (not replayed)', async () => {
    const u = await createTestUser(env, { integral: 1000 });
    // The plan insert fails inside the creating transaction, as a database fault would.
    await env.ctx.db.execute(
      sql`create function refuse_plan() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`,
    );
    await env.ctx.db.execute(sql`create trigger refuse_plan before insert on plans for each row execute function refuse_plan()`);
    let failed;
    try {
      failed = await createPlan(u, 'retry-after-500');
    } finally {
      await env.ctx.db.execute(sql`drop trigger refuse_plan on plans`);
      await env.ctx.db.execute(sql`drop function refuse_plan()`);
    }
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ success: false });
    // The 500 is logged once, with the cause, never the parameters.
    const [logged, ...more] = env.takeErrors();
    expect(more).toEqual([]);
    expect(logged).toMatchObject({ level: 50, msg: 'unexpected error', err: { message: 'Failed query' } });
    expect(JSON.stringify(logged)).toContain('refused by test');
    expect(await balanceOf(env, u.id)).toBe(1000);
    const retry = await createPlan(u, 'retry-after-500');
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await planCount(env, u.id)).toBe(1);
    expect(await expectLedgerAddsUp(env, u.id, expect)).toBe(retry.body.data.integral);
  });

  it('forgets keys after 24 hours: the key works again and the retention sweep removes the old rows', async () => {
    const u = await createTestUser(env, { integral: 1000 });
    await createPlan(u, 'day-old');
    const rowsWithKey = async (key: string) =>
      Number((await env.ctx.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0]!.n);
    expect(await rowsWithKey('publish-1')).toBe(1);
    env.clock.advance(DAY + 1000);
    const later = await createPlan(u, 'day-old', { title: '另一个标题' });
    expect(later.status).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await planCount(env, u.id)).toBe(2);
    await sweepExpiredRecords(env.ctx); // the retention sweep removes the day-old answer
    expect(await rowsWithKey('publish-1')).toBe(0);
  });
});

describe('Idempotency-Key on orders, payment, templates', () => {
  it('a client asking for gzip (a browser on npm start) gets the first answer replayed, compressed both times', async () => {
    // No real idempotent answer reaches gzip's 1 KB threshold yet: a route of the same kind that answers more.
    const app = await buildApp(env.ctx, { providers: env.providers });
    let runs = 0;
    app.post('/api/test/long-answer', { preHandler: app.requireUser, config: { idempotent: true } }, async () => ({
      success: true,
      data: { run: ++runs, text: '计划'.repeat(2000) },
    }));
    await app.ready();
    try {
      const u = await createTestUser(env);
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/test/long-answer',
          headers: { 'x-requested-with': 'XMLHttpRequest', 't-token': u.token, 'accept-encoding': 'gzip', ...keyed('long-gzip') },
          payload: {},
        });
      const first = await send();
      const again = await send();
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(again.headers['content-encoding']).toBe('gzip');
      expect(again.headers['idempotent-replayed']).toBe('true');
      const answer = JSON.parse(gunzipSync(first.rawPayload).toString('utf8'));
      expect(answer.data.run).toBe(1);
      expect(JSON.parse(gunzipSync(again.rawPayload).toString('utf8'))).toEqual(answer);
      expect(runs).toBe(1);
      // A client that does not ask for gzip gets the recorded answer as it is.
      const plain = await app.inject({
        method: 'POST',
        url: '/api/test/long-answer',
        headers: { 'x-requested-with': 'XMLHttpRequest', 't-token': u.token, ...keyed('long-gzip') },
        payload: {},
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(answer);
    } finally {
      await app.close();
    }
  });

  it('order create and sandbox confirm: a repeat makes one order and credits once', async () => {
    const u = await createTestUser(env);
    const goods = (await call(env, 'GET', '/api/god/get', { token: u.token, query: { type: 'integral' } })).body.data[0];
    const body = { goodsId: goods.id, payType: 1 };
    const first = await call(env, 'POST', '/api/order/create', { token: u.token, body, headers: keyed('buy-1') });
    const again = await call(env, 'POST', '/api/order/create', { token: u.token, body, headers: keyed('buy-1') });
    expect(again.body.data.orderNo).toBe(first.body.data.orderNo);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(Number((await env.ctx.db.select({ n: count() }).from(orders).where(eq(orders.userId, u.id)))[0]!.n)).toBe(1);
    const url = `/api/pay/sandbox/${first.body.data.orderNo}/confirm`;
    const paid = await Promise.all([1, 2, 3].map(() => call(env, 'POST', url, { token: u.token, headers: keyed('pay-1') })));
    expect(paid.filter((p) => p.status === 200)).not.toHaveLength(0);
    expect(await expectLedgerAddsUp(env, u.id, expect)).toBe(goods.points);
  });

  it('template generate and publish: a repeat makes one template and one plan', async () => {
    const u = await createTestUser(env, { integral: 1000 });
    const { startDate, ...form } = await validForm(env);
    const body = { name: '模板一', form };
    const t1 = await call(env, 'POST', '/api/plan/template/generate', { token: u.token, body, headers: keyed('tpl') });
    const t2 = await call(env, 'POST', '/api/plan/template/generate', { token: u.token, body, headers: keyed('tpl') });
    expect(t1.status).toBe(200);
    expect(t2.body.data.id).toBe(t1.body.data.id);
    const publish = { id: t1.body.data.id, startDate };
    const p1 = await call(env, 'POST', '/api/plan/template/publish', { token: u.token, body: publish, headers: keyed('pub') });
    const p2 = await call(env, 'POST', '/api/plan/template/publish', { token: u.token, body: publish, headers: keyed('pub') });
    expect(p1.status).toBe(200);
    expect(p2.body.data.id).toBe(p1.body.data.id);
    expect(await planCount(env, u.id)).toBe(1);
    expect(Number((await env.ctx.db.select({ n: count() }).from(plans).where(eq(plans.userId, u.id)))[0]!.n)).toBe(1);
  });
});
