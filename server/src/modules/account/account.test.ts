/**
 * The account's rights under the privacy policy: consent at registration and again after a policy
 * change, deletion (注销) by the user with an SMS code and by an admin (console and ops CLI,
 * audited), the data copy, and the retention sweep (on a manual clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  idempotencyKeys,
  itemLookupAttempts,
  orders,
  plans,
  pointsLedger,
  sessions,
  smsCodes,
  smsOutbox,
  smsSendAttempts,
  templates,
  users,
} from '../../tables.ts';
import { sweepExpiredRecords } from './index.ts';
import { ledgerSum } from '../points/index.ts';
import { runCommand } from '../../ops/commands.ts';
import { DAY, HOUR } from '../../lib/clock.ts';
import { PRIVACY_POLICY_VERSION, RETENTION_DAYS } from '../../../../common/privacy.ts';
import { formatLocalDateTime, localDate } from '../../../../common/zoned-time.ts';
import { balanceOf, DIST_9_20, TZ, validForm } from '../../../test/support/plan-helpers.ts';
import {
  grantRole,
  call,
  createTestEnv,
  createTestUser,
  nextPhone,
  smsCodeFor,
  tableSnapshot,
  type TestEnv,
  type TestUser,
} from '../../../test/support/support.ts';

let env: TestEnv;
let admin: TestUser;

beforeAll(async () => {
  // 10:00 in Shanghai: a plan started today has dispatched its 09:00 tasks.
  env = await createTestEnv({ now: '2026-11-30T02:00:00Z', config: { smsIpLimit: 100_000 } });
  admin = await grantRole(env, await createTestUser(env), 'admin');
});
afterAll(() => env?.close());

const codeFor = (phone: string, type: 1 | 3 | 4) => smsCodeFor(env, phone, type);

async function register(phone: string) {
  const res = await call(env, 'POST', '/api/user/reg', { body: { phone, password: 'abc12345', verifyCode: await codeFor(phone, 1) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { token: string; user: { integral: number; privacyVersion: number } };
}

/** A paid bank-transfer order of goods 1, confirmed by the ops command line (points through the ledger). */
async function paidOrder(user: TestUser): Promise<string> {
  const created = await call(env, 'POST', '/api/order/create', { token: user.token, body: { goodsId: 1, payType: 6 } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const orderNo = created.body.data.orderNo as string;
  expect((await runCommand(env.ctx, ['order:confirm', orderNo])).code).toBe(0);
  return orderNo;
}

/**
 * A user with points, a paid order, a template, a plan that runs since 09:00 today (the clock moves
 * a day forward to 10:00 of its first day) and one pending for later.
 */
async function userWithData() {
  const user = await createTestUser(env, { integral: 5000 });
  const orderNo = await paidOrder(user);
  const tomorrow = localDate(new Date(env.clock.now().getTime() + DAY), TZ);
  const running = await call(env, 'POST', '/api/plan/create', {
    token: user.token,
    body: await validForm(env, { startDate: tomorrow, distribution: DIST_9_20 }),
  });
  expect(running.status, JSON.stringify(running.body)).toBe(200);
  const later = localDate(new Date(env.clock.now().getTime() + 5 * DAY), TZ);
  const pending = await call(env, 'POST', '/api/plan/create', { token: user.token, body: await validForm(env, { startDate: later }) });
  expect(pending.status, JSON.stringify(pending.body)).toBe(200);
  const template = await call(env, 'POST', '/api/plan/template/generate', { token: user.token, body: { planId: running.body.data.id } });
  expect(template.status, JSON.stringify(template.body)).toBe(200);
  env.clock.advance(DAY);
  return { user, orderNo, planIds: [running.body.data.id as number, pending.body.data.id as number] };
}

const rowsOf = async (table: typeof sessions | typeof templates | typeof plans | typeof orders | typeof pointsLedger, userId: number) =>
  (await env.ctx.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;

describe('privacy consent', () => {
  it('registration stores the policy version agreed; a signed-in user agrees again through the API', async () => {
    const phone = nextPhone();
    const { token, user } = await register(phone);
    expect(user.privacyVersion).toBe(PRIVACY_POLICY_VERSION);
    const [row] = await env.ctx.db.select().from(users).where(eq(users.phone, phone));
    expect(row!.privacyVersion).toBe(PRIVACY_POLICY_VERSION);
    expect(row!.privacyAgreedAt?.toISOString()).toBe(env.clock.now().toISOString());

    // An account that agreed to an older version (or none) is asked again: user-data says which.
    await env.ctx.db.update(users).set({ privacyVersion: null, privacyAgreedAt: null }).where(eq(users.id, row!.id));
    expect((await call(env, 'GET', '/api/user/user-data', { token })).body.data.privacyVersion).toBeNull();
    const stale = await call(env, 'POST', '/api/user/privacy-consent', { token, body: { version: PRIVACY_POLICY_VERSION - 1 } });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('隐私政策已更新，请刷新页面后重新阅读');
    expect((await call(env, 'POST', '/api/user/privacy-consent', { body: { version: PRIVACY_POLICY_VERSION } })).status).toBe(401);
    const agreed = await call(env, 'POST', '/api/user/privacy-consent', { token, body: { version: PRIVACY_POLICY_VERSION } });
    expect(agreed.status).toBe(200);
    expect(agreed.body.data.privacyVersion).toBe(PRIVACY_POLICY_VERSION);
    expect((await call(env, 'GET', '/api/user/user-data', { token })).body.data.privacyVersion).toBe(PRIVACY_POLICY_VERSION);
  });
});

describe('account deletion by the user', () => {
  it('refuses a wrong, missing or other-type code and changes nothing', async () => {
    const { user } = await userWithData();
    await codeFor(user.phone, 4);
    const passwordCode = await codeFor(user.phone, 3);
    const before = await tableSnapshot(env);
    const wrong = await call(env, 'POST', '/api/user/delete-account', { token: user.token, body: { verifyCode: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/验证码错误，还可尝试 \d 次|验证码无效/);
    const missing = await call(env, 'POST', '/api/user/delete-account', { token: user.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('请输入短信验证码');
    // A password code is not a deletion code.
    const otherType = await call(env, 'POST', '/api/user/delete-account', { token: user.token, body: { verifyCode: passwordCode } });
    expect(otherType.status).toBe(400);
    expect(await tableSnapshot(env)).toEqual(before);
    expect((await call(env, 'GET', '/api/user/user-data', { token: user.token })).status).toBe(200);
    // Visitors cannot ask for it.
    expect((await call(env, 'POST', '/api/user/delete-account', { body: { verifyCode: '123456' } })).status).toBe(401);
  });

  it('deletes at once: sessions end, plans stop with their refund, points are forfeited through the ledger, the phone registers afresh', async () => {
    const { user, orderNo, planIds } = await userWithData();
    const other = await userWithData();
    const invitee = await createTestUser(env, { inviterId: user.id });
    const otherBefore = {
      balance: await balanceOf(env, other.user.id),
      plans: await env.ctx.db.select().from(plans).where(eq(plans.userId, other.user.id)).orderBy(plans.id),
      ledger: await rowsOf(pointsLedger, other.user.id),
      templates: await rowsOf(templates, other.user.id),
    };
    const ledgerBefore = await rowsOf(pointsLedger, user.id);
    // A second device of the user.
    const login = await call(env, 'POST', '/api/user/pwd-login', { body: { phone: user.phone, password: user.password } });
    expect(login.status).toBe(200);

    const verifyCode = await codeFor(user.phone, 4);
    const deleted = await call(env, 'POST', '/api/user/delete-account', { token: user.token, body: { verifyCode } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data.plansStopped).toBe(2);

    // Every session ended: both tokens are refused, the password no longer signs in.
    for (const token of [user.token, login.body.data.token as string]) {
      const refused = await call(env, 'GET', '/api/user/user-data', { token });
      expect(refused.status).toBe(401);
    }
    expect((await call(env, 'POST', '/api/user/pwd-login', { body: { phone: user.phone, password: user.password } })).status).toBe(400);

    // The row keeps placeholders only; nothing the module keeps names the phone.
    const [row] = await env.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phone).toBe(`deleted-${user.id}`);
    expect(row!.inviteCode).toBe(`deleted-${user.id}`);
    expect(row!.deletedAt).not.toBeNull();
    expect(row).toMatchObject({ integral: 0, memberLevel: 1, memberDeadline: null, passwordHash: '', avatar: null });
    expect(await rowsOf(sessions, user.id)).toBe(0);
    expect(await rowsOf(templates, user.id)).toBe(0);
    expect((await env.ctx.db.select({ n: count() }).from(smsCodes).where(eq(smsCodes.phone, user.phone)))[0]!.n).toBe(0);
    expect((await env.ctx.db.select({ n: count() }).from(smsOutbox).where(eq(smsOutbox.phone, user.phone)))[0]!.n).toBe(0);
    const [inviteeRow] = await env.ctx.db.select().from(users).where(eq(users.id, invitee.id));
    expect(inviteeRow!.inviterId).toBeNull();

    // Plans stopped through the plan module's stop: each refund booked once, then the balance forfeited.
    const stopped = await env.ctx.db.select().from(plans).where(eq(plans.userId, user.id)).orderBy(plans.id);
    expect(stopped.map((p) => p.id)).toEqual(planIds);
    for (const plan of stopped) {
      expect(plan.stoppedAt).not.toBeNull();
      expect(plan.refunded).toBeGreaterThan(0);
    }
    // The running plan had dispatched tasks: those are not refunded; the pending one is refunded whole.
    expect(stopped[0]!.dispatchedAtStop).toBeGreaterThan(0);
    expect(stopped[0]!.refunded).toBeLessThan(stopped[0]!.totalCost);
    expect(stopped[1]!.refunded).toBe(stopped[1]!.totalCost);
    const ledger = await env.ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id)).orderBy(pointsLedger.id);
    expect(ledger.length).toBe(ledgerBefore + 3);
    expect(ledger.filter((l) => l.kind === 'plan_refund').map((l) => l.reference)).toEqual(planIds.map((id) => `plan:${id}`));
    const forfeit = ledger.at(-1)!;
    expect(forfeit).toMatchObject({ kind: 'forfeit', reference: `account:${user.id}`, balanceAfter: 0 });
    expect(-forfeit.delta).toBe(deleted.body.data.forfeited);
    expect(await ledgerSum(env.ctx.db, user.id)).toBe(0);
    // The order stays, as an accounting record of the placeholder account.
    const [order] = await env.ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order).toMatchObject({ userId: user.id, status: 'paid' });

    // The phone registers again as a new account with nothing carried over.
    const fresh = await register(user.phone);
    expect(fresh.user.integral).toBe(0);
    const plansOfFresh = await call(env, 'GET', '/api/plan/manage/list', { token: fresh.token, query: { page: 1, pageSize: 10 } });
    expect(plansOfFresh.body.data.total).toBe(0);
    const ledgerOfFresh = await call(env, 'GET', '/api/order/list', {
      token: fresh.token,
      query: { type: 'integral-details', page: 1, pageSize: 10 },
    });
    expect(ledgerOfFresh.body.data.total).toBe(0);
    const ordersOfFresh = await call(env, 'GET', '/api/order/list', {
      token: fresh.token,
      query: { type: 'record', page: 1, pageSize: 10 },
    });
    expect(ordersOfFresh.body.data.total).toBe(0);

    // Another user's data is untouched.
    expect(await balanceOf(env, other.user.id)).toBe(otherBefore.balance);
    expect(await env.ctx.db.select().from(plans).where(eq(plans.userId, other.user.id)).orderBy(plans.id)).toEqual(otherBefore.plans);
    expect(await rowsOf(pointsLedger, other.user.id)).toBe(otherBefore.ledger);
    expect(await rowsOf(templates, other.user.id)).toBe(otherBefore.templates);
    expect((await call(env, 'GET', '/api/user/user-data', { token: other.user.token })).status).toBe(200);

    // The console shows the account as deleted.
    const listed = await call(env, 'GET', '/api/admin/users', { token: admin.token, query: { page: 1, pageSize: 100 } });
    const consoleRow = (listed.body.data.list as Array<{ id: number; deleted: boolean; phone: string }>).find((u) => u.id === user.id);
    expect(consoleRow).toMatchObject({ deleted: true, phone: `deleted-${user.id}` });
  });
});

describe('account deletion by an admin', () => {
  it('the console deletes on request, audited without the phone; a second time is 404', async () => {
    const { user } = await userWithData();
    const res = await call(env, 'POST', `/api/admin/users/${user.phone}/delete`, {
      token: admin.token,
      body: { remark: '用户来电要求注销' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await call(env, 'GET', '/api/user/user-data', { token: user.token })).status).toBe(401);
    expect(await ledgerSum(env.ctx.db, user.id)).toBe(0);
    const [audit] = await env.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.target, `user:#${user.id}`)));
    expect(audit).toMatchObject({ actorId: admin.id, actor: `${admin.phone.slice(0, 3)}****${admin.phone.slice(7)}` });
    expect(JSON.stringify(audit)).not.toContain(user.phone);
    expect((audit!.after as { remark: string }).remark).toBe('用户来电要求注销');
    const again = await call(env, 'POST', `/api/admin/users/${user.phone}/delete`, { token: admin.token, body: {} });
    expect(again.status).toBe(404);
  });

  it('a remark that quotes the phone keeps it in no table, the deletion row included', async () => {
    const { user } = await userWithData();
    const res = await call(env, 'POST', `/api/admin/users/${user.phone}/delete`, {
      token: admin.token,
      body: { remark: `用户 ${user.phone} 来电要求注销` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await tablesHolding(user.phone)).holding).toEqual([]);
    const [audit] = await env.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.target, `user:#${user.id}`)));
    expect((audit!.after as { remark: string }).remark).toBe(`用户 已注销用户 #${user.id} 来电要求注销`);
  });

  it('npm run ops -- user:delete <phone> does the same, audited as cli; bad input exits 1', async () => {
    const { user } = await userWithData();
    const done = await runCommand(env.ctx, ['user:delete', user.phone, '客服工单', '1234']);
    expect(done.code, done.output).toBe(0);
    expect(done.output).toContain(`已注销用户 #${user.id}`);
    expect((await call(env, 'GET', '/api/user/user-data', { token: user.token })).status).toBe(401);
    const [audit] = await env.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.target, `user:#${user.id}`)));
    expect(audit).toMatchObject({ actor: 'cli' });
    const again = await runCommand(env.ctx, ['user:delete', user.phone]);
    expect(again.code).toBe(1);
    expect(again.output).toContain('用户不存在');
    expect((await runCommand(env.ctx, ['user:delete', '123'])).code).toBe(1);
  });
});

/**
 * Every table of the database (from its catalogue, so a table added later is searched too) whose
 * rows, read whole as text, contain `needle`; with the number of tables searched.
 */
async function tablesHolding(needle: string): Promise<{ searched: number; holding: string[] }> {
  const { rows: tables } = (await env.ctx.db.execute(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  )) as unknown as { rows: Array<{ table_schema: string; table_name: string }> };
  const holding: string[] = [];
  for (const { table_schema: schema, table_name: name } of tables) {
    const table = sql`${sql.identifier(schema)}.${sql.identifier(name)}`;
    const { rows } = (await env.ctx.db.execute(
      sql`select count(*)::int as n from ${table} as t where strpos(t::text, ${needle}) > 0`,
    )) as unknown as { rows: Array<{ n: number }> };
    if (rows[0]!.n > 0) holding.push(`${schema}.${name}`);
  }
  return { searched: tables.length, holding };
}

describe('what deletion leaves behind', () => {
  it('no table holds the phone or what the plans and templates said, once the account is deleted', async () => {
    const phone = nextPhone();
    const mark = `${process.pid}${Date.now()}`.slice(-10);
    const texts = {
      itemId: `6${mark}`,
      title: `隐私测试商品${mark}`,
      shopName: `隐私测试店铺${mark}`,
      keyword: `隐私关键词${mark}`,
      image: `https://img.example.com/privacy-${mark}.jpg`,
      template: `隐私模板${mark}`,
    };
    // Registered through SMS (codes, outbox, the requesting address), then signed in from a browser.
    const { token } = await register(phone);
    const [{ id: userId }] = await env.ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    const signedIn = await call(env, 'POST', '/api/user/pwd-login', {
      body: { phone, password: 'abc12345' },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 10) Chrome/80.0.3987.149 Mobile' },
    });
    expect(signedIn.status).toBe(200);
    // Staff: points with a remark that quotes the phone, a membership, a transfer order confirmed.
    expect((await runCommand(env.ctx, ['points:adjust', phone, '+5000', `客服补偿 ${phone}`])).code).toBe(0);
    expect((await runCommand(env.ctx, ['member:set', phone, '3', '2027-01-31', '23:59:59'])).code).toBe(0);
    const me = { id: userId, phone, password: 'abc12345', token };
    await paidOrder(me);
    // Plans and a template with texts of their own; one plan stopped, one deleted, one running.
    const form = await validForm(env, {
      itemUrl: `https://item.taobao.com/item.htm?id=${texts.itemId}`,
      itemId: texts.itemId,
      title: texts.title,
      shopName: texts.shopName,
      image: texts.image,
      keywords: [texts.keyword],
      price: 4321,
      startDate: localDate(new Date(env.clock.now().getTime() + DAY), TZ),
    });
    // It looked the item up on the publish page: the attempt keeps its id beside its address.
    const looked = await call(env, 'GET', '/api/item/get', { token, query: { itemId: texts.itemId, flowType: 'tb' } });
    expect(looked.status, JSON.stringify(looked.body)).toBe(200);
    const attemptsOf = async () =>
      (await env.ctx.db.select({ n: count() }).from(itemLookupAttempts).where(eq(itemLookupAttempts.userId, userId)))[0]!.n;
    expect(await attemptsOf()).toBe(1);
    const planIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await call(env, 'POST', '/api/plan/create', { token, body: form });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      planIds.push(created.body.data.id);
    }
    const pricesShown = await env.ctx.db.select({ price: plans.itemPrice }).from(plans).where(eq(plans.userId, userId));
    expect(pricesShown.map((p) => p.price)).toEqual([4321, 4321, 4321]);
    expect((await call(env, 'POST', '/api/plan/manage/stop', { token, body: { ids: [planIds[0], planIds[1]] } })).status).toBe(200);
    expect((await call(env, 'POST', '/api/plan/manage/delete', { token, body: { ids: [planIds[1]] } })).status).toBe(200);
    // Sent with an Idempotency-Key: its answer (the template, texts and all) is stored.
    const template = await call(env, 'POST', '/api/plan/template/generate', {
      token,
      body: { planId: planIds[2], name: texts.template },
      headers: { 'idempotency-key': `privacy-${mark}` },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    // The account is staff too: what it does in the console is audited under its id.
    expect((await runCommand(env.ctx, ['admin:grant', phone, 'operator'])).code).toBe(0);
    // The role change ended its sessions: it signs in again, as staff.
    const asStaff = await call(env, 'POST', '/api/user/pwd-login', { body: { phone, password: 'abc12345' } });
    expect(asStaff.status, JSON.stringify(asStaff.body)).toBe(200);
    const staffToken: string = asStaff.body.data.token;
    const customer = await createTestUser(env);
    const adjusted = await call(env, 'POST', `/api/admin/users/${customer.phone}/points`, {
      token: staffToken,
      body: { delta: 10, remark: '活动奖励' },
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    // It invited someone, and was invited.
    await createTestUser(env, { inviterId: userId });

    // The search finds them before the deletion (so it can find them at all).
    expect((await tablesHolding(phone)).holding).toEqual(
      expect.arrayContaining([
        'public.users',
        'public.sms_codes',
        'public.sms_outbox',
        'public.points_ledger',
        'public.audit_log',
        'public.rate_limit_counters',
      ]),
    );
    for (const text of Object.values(texts).filter((t) => t !== texts.template)) {
      expect((await tablesHolding(text)).holding, text).toEqual(
        expect.arrayContaining(['public.plans', 'public.templates', 'public.idempotency_keys']),
      );
    }

    const deleted = await call(env, 'POST', '/api/user/delete-account', {
      token: staffToken,
      body: { verifyCode: await codeFor(phone, 4) },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    expect(await attemptsOf()).toBe(0);
    const afterPhone = await tablesHolding(phone);
    expect(afterPhone.searched).toBeGreaterThanOrEqual(18);
    expect(afterPhone.holding).toEqual([]);
    for (const text of Object.values(texts)) expect((await tablesHolding(text)).holding, text).toEqual([]);
    // What remains, as the policy says: the plans' numbers, the order, the ledger's amounts, the audit rows by id.
    const kept = await env.ctx.db.select().from(plans).where(eq(plans.userId, userId)).orderBy(plans.id);
    expect(kept.map((p) => p.id)).toEqual(planIds);
    for (const plan of kept) {
      expect(plan).toMatchObject({ itemUrl: '', itemId: '', title: '', image: null, shopName: null, itemPrice: null, keywords: [] });
      expect(plan.totalCost).toBeGreaterThan(0);
    }
    expect(await ledgerSum(env.ctx.db, userId)).toBe(0);
    const remark = await env.ctx.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.kind, 'adjust')));
    expect(remark.map((r) => r.remark)).toEqual([`客服补偿 已注销用户 #${userId}`]);
    // Each plan's charge keeps its number, not its title.
    const charges = await env.ctx.db
      .select({ reference: pointsLedger.reference, remark: pointsLedger.remark })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.kind, 'plan_charge')))
      .orderBy(pointsLedger.id);
    expect(charges).toEqual(planIds.map((id) => ({ reference: `plan:${id}`, remark: `发布计划 #${id}` })));
    const audit = await env.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, userId));
    expect(audit.map((a) => [a.actor, a.action])).toEqual([[`#${userId}`, 'user.points']]);
    expect(
      (
        await env.ctx.db
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(eq(auditLog.target, `user:#${userId}`))
          .orderBy(auditLog.id)
      ).map((a) => a.action),
    ).toEqual(['user.points', 'user.member', 'user.role-grant']);
  });
});

describe('data copy', () => {
  it("answers the caller's profile, sign-ins, orders, ledger, plans and templates as a JSON file in Chinese, nobody else's", async () => {
    const mine = await userWithData();
    const theirs = await userWithData();
    const res = await env.app.inject({ method: 'GET', url: '/api/user/data-export', headers: { 't-token': mine.user.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{8}\.json"/);
    expect(res.headers['cache-control']).toBe('no-store');
    const copy = JSON.parse(res.body);
    // Chinese keys throughout, a guide first, times as the app shows them in Beijing time
    expect(Object.keys(copy)).toEqual(['说明', '导出时间', '时区', '账号资料', '登录记录', '订单', '积分明细', '计划', '模板']);
    expect(copy['说明']).toContain('北京时间');
    expect(copy['导出时间']).toBe(formatLocalDateTime(env.clock.now(), TZ));
    expect(copy['账号资料']['手机号']).toBe(mine.user.phone);
    expect(copy['账号资料']['注册时间']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(copy['登录记录'].length).toBeGreaterThan(0);
    expect(copy['订单'].map((o: Record<string, string>) => o['订单号'])).toEqual([mine.orderNo]);
    expect(copy['订单'][0]['状态']).toBe('已支付');
    expect(copy['计划'].map((p: Record<string, number>) => p['计划编号'])).toEqual(mine.planIds);
    expect(copy['计划'][0]['关键词']).toEqual(['保温杯', '不锈钢保温杯']);
    expect(copy['计划'][0]['创建时间']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const ledger = copy['积分明细'] as Record<string, number>[];
    expect(ledger.reduce((sum, l) => sum + l['变动（积分）']!, 0)).toBe(await balanceOf(env, mine.user.id));
    expect(ledger.length).toBe(await rowsOf(pointsLedger, mine.user.id));
    expect(copy['模板'].length).toBe(await rowsOf(templates, mine.user.id));
    expect(res.body).not.toContain(theirs.user.phone);
    expect(res.body).not.toContain(theirs.orderNo);
    for (const id of theirs.planIds) expect(copy['计划'].some((p: Record<string, number>) => p['计划编号'] === id)).toBe(false);
    expect((await call(env, 'GET', '/api/user/data-export')).status).toBe(401);
  });

  it('streams a ledger of many batches whole and in order (oldest first, each row once)', async () => {
    const user = await createTestUser(env);
    const rows = 1234;
    const at = env.clock.now().getTime() - rows * 1000;
    // rows seconds apart, a point each: the balance is their sum, as ops verify checks at close
    await env.ctx.db.execute(sql`
      insert into points_ledger (user_id, delta, balance_after, kind, reference, remark, created_at)
      select ${user.id}, 1, g, 'adjust', null, '活动赠送', ${new Date(at).toISOString()}::timestamptz + g * interval '1 second'
      from generate_series(1, ${rows}) g`);
    await env.ctx.db.update(users).set({ integral: rows }).where(eq(users.id, user.id));
    const res = await env.app.inject({ method: 'GET', url: '/api/user/data-export', headers: { 't-token': user.token } });
    expect(res.statusCode).toBe(200);
    const ledger = JSON.parse(res.body)['积分明细'] as Record<string, number>[];
    expect(ledger.map((l) => l['变动后余额（积分）'])).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
    expect(new Set(ledger.map((l) => l['编号'])).size).toBe(rows);
  });
});

describe('retention sweep', () => {
  it('removes only what is past its period (manual clock)', async () => {
    const { db } = env.ctx;
    const user = await createTestUser(env);
    const now = env.clock.now().getTime();
    const ago = (ms: number) => new Date(now - ms);
    const days = (n: number) => n * DAY;
    // Sessions: ended (expired or signed out) past the sign-in period go; recent or live ones stay.
    const session = (name: string, expiresAt: Date, revokedAt: Date | null = null) =>
      db.insert(sessions).values({
        tokenHash: `retention-${name}`,
        userId: user.id,
        createdAt: ago(days(400)),
        expiresAt,
        revokedAt,
        ip: '10.0.0.1',
        userAgent: 'UA',
      });
    await session('expired-long-ago', ago(days(RETENTION_DAYS.signIn) + HOUR));
    await session('revoked-long-ago', new Date(now + days(3)), ago(days(RETENTION_DAYS.signIn) + HOUR));
    await session('expired-recently', ago(days(RETENTION_DAYS.signIn) - HOUR));
    await session('revoked-recently', ago(days(100)), ago(days(RETENTION_DAYS.signIn) - HOUR));
    const phone = nextPhone();
    const code = (tag: string, at: Date) =>
      db.insert(smsCodes).values({ phone, type: 1, codeHash: tag, expiresAt: at, requesterIp: '10.0.0.2', createdAt: at });
    await code('old', ago(days(RETENTION_DAYS.smsCode) + HOUR));
    await code('recent', ago(days(RETENTION_DAYS.smsCode) - HOUR));
    await db.insert(smsSendAttempts).values([
      { requesterIp: '10.9.9.9', createdAt: ago(days(RETENTION_DAYS.smsSendAttempt) + HOUR) },
      { requesterIp: '10.9.9.9', createdAt: ago(HOUR) },
    ]);
    await db.insert(smsOutbox).values([
      { phone, type: 1, code: '111111', createdAt: ago(days(RETENTION_DAYS.smsOutbox) + HOUR) },
      { phone, type: 1, code: '222222', createdAt: ago(HOUR) },
    ]);
    await db.insert(idempotencyKeys).values([
      {
        userId: user.id,
        key: 'retention-old',
        requestHash: 'x',
        responseStatus: 200,
        responseBody: '{}',
        createdAt: ago(days(RETENTION_DAYS.idempotency) + HOUR),
      },
      { userId: user.id, key: 'retention-new', requestHash: 'x', responseStatus: 200, responseBody: '{}', createdAt: ago(HOUR) },
    ]);

    const removed = await sweepExpiredRecords(env.ctx);
    expect(removed.sessions).toBeGreaterThanOrEqual(2);
    const tokenHashes = (await db.select({ h: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id)))
      .map((r) => r.h)
      .sort();
    // The live session createTestUser opened stays too.
    expect(tokenHashes.filter((h) => h.startsWith('retention-'))).toEqual(['retention-expired-recently', 'retention-revoked-recently']);
    expect(tokenHashes.length).toBe(3);
    expect((await db.select({ h: smsCodes.codeHash }).from(smsCodes).where(eq(smsCodes.phone, phone))).map((r) => r.h)).toEqual(['recent']);
    expect((await db.select({ n: count() }).from(smsSendAttempts).where(eq(smsSendAttempts.requesterIp, '10.9.9.9')))[0]!.n).toBe(1);
    expect((await db.select({ c: smsOutbox.code }).from(smsOutbox).where(eq(smsOutbox.phone, phone))).map((r) => r.c)).toEqual(['222222']);
    expect(
      (
        await db
          .select({ k: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(sql`${idempotencyKeys.key} like 'retention-%'`)
      ).map((r) => r.k),
    ).toEqual(['retention-new']);

    // Two days later the recent ones have aged past their periods too; the live session stays.
    env.clock.advance(days(2));
    await sweepExpiredRecords(env.ctx);
    expect((await db.select({ h: smsCodes.codeHash }).from(smsCodes).where(eq(smsCodes.phone, phone))).length).toBe(0);
    expect((await db.select({ h: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id))).length).toBe(1);
  });
});
