import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, plans, pointsLedger } from '../../tables.ts';
import { ADMIN_ROUTES } from './index.ts';
import { CONSOLE_MAX_PAGE } from '../../../../common/admin-types.ts';
import { ledgerSum } from '../points/index.ts';
import { runCommand } from '../../ops/commands.ts';
import { validForm } from '../../../test/support/plan-helpers.ts';
import { grantRole, call, createTestEnv, createTestUser, type TestEnv, type TestUser } from '../../../test/support/support.ts';

let env: TestEnv;
let operator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  env = await createTestEnv({ now: '2026-03-10T02:00:00Z' });
  operator = await grantRole(env, await createTestUser(env), 'operator');
  admin = await grantRole(env, await createTestUser(env), 'admin');
});
afterAll(() => env?.close());

const audits = async (target: string) => env.ctx.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);
const balance = async (phone: string, token: string) =>
  (await call(env, 'GET', '/api/admin/users/' + phone, { token })).body.data.user.integral;

/** A pending bank-transfer order (pay type 6) of 1000 points for a new user. */
async function transferOrder(user: TestUser): Promise<string> {
  const created = await call(env, 'POST', '/api/order/create', { token: user.token, body: { goodsId: 1, payType: 6 } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.orderNo;
}

describe('admin access', () => {
  it('every admin route: 401 for a visitor, 403 for a user without a role (and for an operator on admin routes)', async () => {
    const user = await createTestUser(env);
    expect(ADMIN_ROUTES.length).toBeGreaterThan(25);
    for (const route of ADMIN_ROUTES) {
      const url = route.url.replace(':orderNo', '20260310000000123456').replace(':phone', user.phone).replace(':id', '1');
      const label = `${route.method} ${url}`;
      const visitor = await call(env, route.method, url, { body: route.method === 'POST' ? {} : undefined });
      expect(visitor.status, label).toBe(401);
      expect(visitor.body, label).toMatchObject({ success: false, message: '登录已失效，请重新登录' });
      const plain = await call(env, route.method, url, { token: user.token, body: route.method === 'POST' ? {} : undefined });
      expect(plain.status, label).toBe(403);
      expect(plain.body.message, label).toBe('没有运营后台权限');
      if (route.role === 'admin') {
        const op = await call(env, route.method, url, { token: operator.token, body: route.method === 'POST' ? {} : undefined });
        expect(op.status, label).toBe(403);
        expect(op.body.message, label).toBe('需要管理员权限');
      }
    }
    // Nothing was written by the refused calls.
    expect((await audits(`user:#${user.id}`)).length).toBe(0);
  });

  it('operators handle orders and users; admins also everything else', async () => {
    expect((await call(env, 'GET', '/api/admin/orders', { token: operator.token })).status).toBe(200);
    expect((await call(env, 'GET', '/api/admin/users', { token: operator.token })).status).toBe(200);
    expect((await call(env, 'GET', '/api/admin/goods', { token: operator.token })).status).toBe(403);
    expect((await call(env, 'GET', '/api/admin/goods', { token: admin.token })).status).toBe(200);
    expect((await call(env, 'GET', '/api/admin/orders', { token: admin.token })).status).toBe(200);
    expect((await call(env, 'GET', '/api/admin/me', { token: admin.token })).body.data).toEqual({ phone: admin.phone, role: 'admin' });
  });

  it('admin:grant / admin:revoke on the command line, audited as cli; a role change ends the sessions, a revoked operator is refused at once', async () => {
    const u = await createTestUser(env);
    expect(await runCommand(env.ctx, ['admin:grant', u.phone, 'operator'])).toEqual({
      code: 0,
      output: `用户 ${u.phone} 角色：无 -> operator`,
    });
    // The session opened before the grant ended with it; a new sign-in has the role.
    expect((await call(env, 'GET', '/api/user/user-data', { token: u.token })).status).toBe(401);
    const signedIn = await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: u.password } });
    const token = signedIn.body.data.token as string;
    expect((await call(env, 'GET', '/api/admin/orders', { token })).status).toBe(200);
    expect(await runCommand(env.ctx, ['admin:revoke', u.phone])).toEqual({ code: 0, output: `用户 ${u.phone} 角色：operator -> 无` });
    expect((await call(env, 'GET', '/api/admin/orders', { token })).status).toBe(401);
    const again = await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: u.password } });
    expect((await call(env, 'GET', '/api/admin/orders', { token: again.body.data.token })).status).toBe(403);
    expect((await runCommand(env.ctx, ['admin:grant', u.phone, 'root'])).code).toBe(1);
    expect((await runCommand(env.ctx, ['admin:grant', '13900000000', 'admin'])).output).toBe('错误：用户不存在：13900000000');
    const rows = await audits(`user:#${u.id}`);
    expect(rows.map((r) => [r.actor, r.action, r.before, r.after])).toEqual([
      ['cli', 'user.role-grant', { role: null }, { role: 'operator' }],
      ['cli', 'user.role-revoke', { role: 'operator' }, { role: null }],
    ]);
  });
});

describe('orders queue', () => {
  it('a pending bank transfer is listed, confirmed once by concurrent operators, credited through the ledger, audited once', async () => {
    const customer = await createTestUser(env);
    const orderNo = await transferOrder(customer);
    const queue = await call(env, 'GET', '/api/admin/orders', {
      token: operator.token,
      query: { status: 'pending', phone: customer.phone },
    });
    expect(queue.body.data.list).toEqual([
      expect.objectContaining({ orderNo, phone: customer.phone, payType: 6, amount: 10000, status: 'pending' }),
    ]);

    const confirms = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(env, 'POST', `/api/admin/orders/${orderNo}/confirm`, { token: operator.token, body: { remark: '工行到账' } }),
      ),
    );
    expect(confirms.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    expect(confirms.filter((c) => c.body.data.changed)).toHaveLength(1);
    expect(await balance(customer.phone, operator.token)).toBe(1000);
    expect(await ledgerSum(env.ctx.db, customer.id)).toBe(1000);
    const again = await call(env, 'POST', `/api/admin/orders/${orderNo}/confirm`, { token: operator.token, body: { remark: '再点一次' } });
    expect(again.body.data).toMatchObject({ changed: false, order: { status: 'paid' } });
    expect(await balance(customer.phone, operator.token)).toBe(1000);

    const [row, ...more] = await audits(`order:${orderNo}`);
    expect(more).toHaveLength(0);
    // The actor by id, shown with a masked phone: no audit row holds a whole phone.
    expect(row).toMatchObject({
      actor: `${operator.phone.slice(0, 3)}****${operator.phone.slice(7)}`,
      actorId: operator.id,
      action: 'order.confirm',
      before: { status: 'pending' },
      after: { status: 'paid', remark: '工行到账', integral: 1000 },
    });
    expect(row!.clientAddress).toBeTruthy();
    const listed = await call(env, 'GET', '/api/admin/audit', {
      token: admin.token,
      query: { action: 'order.confirm', actor: operator.phone },
    });
    expect(listed.body.data.list.map((e: { target: string }) => e.target)).toContain(`order:${orderNo}`);
    // The console still finds rows by a staff member's phone or id, and rows about a user by their phone.
    const byId = await call(env, 'GET', '/api/admin/audit', {
      token: admin.token,
      query: { action: 'order.confirm', actor: `#${operator.id}` },
    });
    expect(byId.body.data.total).toBe(listed.body.data.total);
    expect(JSON.stringify(listed.body.data.list)).not.toContain(operator.phone);
    expect(
      (await call(env, 'GET', '/api/admin/orders', { token: operator.token, query: { status: 'pending', phone: customer.phone } })).body
        .data.list,
    ).toEqual([]);
  });

  it('cancel: a pending order only; a cancelled order cannot be confirmed', async () => {
    const customer = await createTestUser(env);
    const orderNo = await transferOrder(customer);
    const cancelled = await call(env, 'POST', `/api/admin/orders/${orderNo}/cancel`, {
      token: operator.token,
      body: { remark: '客户不要了' },
    });
    expect(cancelled.body.data).toMatchObject({ orderNo, status: 'cancelled' });
    const twice = await call(env, 'POST', `/api/admin/orders/${orderNo}/cancel`, { token: operator.token, body: {} });
    expect(twice).toMatchObject({ status: 409, body: { success: false, message: '订单已取消，不能取消' } });
    const confirm = await call(env, 'POST', `/api/admin/orders/${orderNo}/confirm`, { token: operator.token, body: {} });
    expect(confirm.status).toBe(409);
    expect(await balance(customer.phone, operator.token)).toBe(0);
    expect((await audits(`order:${orderNo}`)).map((r) => r.action)).toEqual(['order.cancel']);
    expect((await call(env, 'POST', '/api/admin/orders/nope!/confirm', { token: operator.token, body: {} })).status).toBe(400);
    expect((await call(env, 'POST', '/api/admin/orders/123/confirm', { token: operator.token, body: {} })).status).toBe(404);
  });

  it('an online order is settled by its gateway, not by hand', async () => {
    const customer = await createTestUser(env);
    const created = await call(env, 'POST', '/api/order/create', { token: customer.token, body: { goodsId: 1, payType: 1 } });
    const orderNo = created.body.data.orderNo;
    const refused = await call(env, 'POST', `/api/admin/orders/${orderNo}/confirm`, { token: operator.token, body: {} });
    expect(refused).toMatchObject({ status: 409, body: { message: '在线支付订单由支付平台通知入账，不能人工确认' } });
    const list = await call(env, 'GET', '/api/admin/orders', { token: operator.token, query: { orderNo } });
    expect(list.body.data.list[0].status).toBe('pending');
    expect(await balance(customer.phone, operator.token)).toBe(0);
  });
});

describe('users', () => {
  it('points through the ledger, never below 0, with remark and audit', async () => {
    const u = await createTestUser(env, { integral: 100 });
    const add = await call(env, 'POST', `/api/admin/users/${u.phone}/points`, {
      token: operator.token,
      body: { delta: 50, remark: '补偿' },
    });
    expect(add.body.data).toEqual({ before: 100, after: 150 });
    const tooMuch = await call(env, 'POST', `/api/admin/users/${u.phone}/points`, {
      token: operator.token,
      body: { delta: -151, remark: '扣回' },
    });
    expect(tooMuch).toMatchObject({ status: 409, body: { success: false, message: '积分不足：需要 151 积分，当前余额 150 积分' } });
    for (const body of [
      { delta: 0, remark: 'x' },
      { delta: 1.5, remark: 'x' },
      { delta: 10 },
      { delta: '10', remark: 'x' },
      { delta: 10, remark: 'x', extra: 1 },
    ]) {
      const bad = await call(env, 'POST', `/api/admin/users/${u.phone}/points`, { token: operator.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const detail = (await call(env, 'GET', `/api/admin/users/${u.phone}`, { token: operator.token })).body.data;
    expect(detail.user.integral).toBe(150);
    expect(detail.ledger.list[0]).toMatchObject({ delta: 50, kind: 'adjust', remark: '补偿' });
    expect(await ledgerSum(env.ctx.db, u.id)).toBe(150);
    expect((await audits(`user:#${u.id}`)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['user.points', { integral: 100 }, { integral: 150, delta: 50, remark: '补偿' }],
    ]);
  });

  it('a points adjustment repeated with one Idempotency-Key books once and replays the answer', async () => {
    const u = await createTestUser(env);
    const before = await ledgerSum(env.ctx.db, u.id);
    const send = () =>
      call(env, 'POST', `/api/admin/users/${u.phone}/points`, {
        token: operator.token,
        body: { delta: 30, remark: '补发' },
        headers: { 'idempotency-key': `adjust-${u.phone}` },
      });
    const answers = await Promise.all([send(), send(), send(), send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await ledgerSum(env.ctx.db, u.id)).toBe(before + 30);
    const other = await call(env, 'POST', `/api/admin/users/${u.phone}/points`, {
      token: operator.token,
      body: { delta: 31, remark: '补发' },
      headers: { 'idempotency-key': `adjust-${u.phone}` },
    });
    expect(other.status).toBe(422);
    expect(await ledgerSum(env.ctx.db, u.id)).toBe(before + 30);
  });

  it('disable ends every session and refuses sign-in in Chinese; enable lets them back', async () => {
    const u = await createTestUser(env);
    const login = () => call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: u.password } });
    const second = (await login()).body.data.token;
    const off = await call(env, 'POST', `/api/admin/users/${u.phone}/disable`, { token: operator.token, body: { remark: '刷单' } });
    expect(off.body.data).toMatchObject({ phone: u.phone, disabled: true });
    for (const token of [u.token, second]) expect((await call(env, 'GET', '/api/user/user-data', { token })).status).toBe(401);
    expect(await login()).toMatchObject({ status: 403, body: { success: false, message: '该账号已被停用，请联系客服' } });
    // A wrong password does not learn that the account exists and is disabled.
    expect((await call(env, 'POST', '/api/user/pwd-login', { body: { phone: u.phone, password: 'wrong1234' } })).body.message).toBe(
      '手机号或密码错误',
    );
    expect((await call(env, 'POST', `/api/admin/users/${u.phone}/disable`, { token: operator.token, body: {} })).status).toBe(409);
    await call(env, 'POST', `/api/admin/users/${u.phone}/enable`, { token: operator.token, body: {} });
    expect((await login()).status).toBe(200);
    expect((await audits(`user:#${u.id}`)).map((r) => r.action)).toEqual(['user.disable', 'user.enable']);
  });

  it('logout-all ends sessions; member sets level and deadline; search by phone', async () => {
    const u = await createTestUser(env);
    const out = await call(env, 'POST', `/api/admin/users/${u.phone}/logout-all`, { token: operator.token, body: {} });
    expect(out.body.data).toEqual({ ended: 1 });
    expect((await call(env, 'GET', '/api/user/user-data', { token: u.token })).status).toBe(401);
    const member = await call(env, 'POST', `/api/admin/users/${u.phone}/member`, {
      token: operator.token,
      body: { level: 5, deadline: '2026-06-01T00:00:00+08:00' },
    });
    expect(member.body.data).toMatchObject({ memberLevel: 5, memberDeadline: '2026-05-31T16:00:00.000Z' });
    const stored = (await call(env, 'GET', `/api/admin/users/${u.phone}`, { token: operator.token })).body.data.user;
    expect(stored).toEqual(member.body.data);
    expect(
      (await call(env, 'POST', `/api/admin/users/${u.phone}/member`, { token: operator.token, body: { level: 5 } })).body.message,
    ).toBe('请填写会员到期时间');
    expect(
      (await call(env, 'POST', `/api/admin/users/${u.phone}/member`, { token: operator.token, body: { level: 4, deadline: null } })).status,
    ).toBe(400);
    const found = await call(env, 'GET', '/api/admin/users', { token: operator.token, query: { phone: u.phone.slice(3) } });
    expect(found.body.data.list.map((x: { phone: string }) => x.phone)).toEqual([u.phone]);
    expect((await call(env, 'GET', '/api/admin/users/13900000000', { token: operator.token })).status).toBe(404);
  });
});

describe('admin data', () => {
  it('a price change shows in the price table; an existing plan keeps its snapshot cost', async () => {
    const u = await createTestUser(env, { integral: 100000 });
    const table = (await call(env, 'GET', '/api/plan/config', { query: { flowType: 'tb' } })).body.data;
    const service = table.planConfigList[0];
    const form = await validForm(env);
    const plan = await call(env, 'POST', '/api/plan/create', { token: u.token, body: form });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const [before] = await env.ctx.db.select().from(plans).where(eq(plans.userId, u.id));

    const changed = await call(env, 'POST', `/api/admin/plan-configs/services/${service.id}`, {
      token: admin.token,
      body: { integral: service.integral + 7 },
    });
    expect(changed.body.data.integral).toBe(service.integral + 7);
    const after = (await call(env, 'GET', '/api/plan/config', { query: { flowType: 'tb' } })).body.data.planConfigList[0];
    expect(after.integral).toBe(service.integral + 7);
    const [kept] = await env.ctx.db.select().from(plans).where(eq(plans.userId, u.id));
    expect(kept).toMatchObject({ baseIntegral: before!.baseIntegral, unitCost: before!.unitCost, totalCost: before!.totalCost });
    const [audit] = await audits(`service:${service.id}`);
    expect(audit).toMatchObject({
      action: 'price.service-update',
      before: { integral: service.integral },
      after: { integral: service.integral + 7 },
    });

    expect(
      (await call(env, 'POST', `/api/admin/plan-configs/services/${service.id}`, { token: admin.token, body: { integral: -1 } })).status,
    ).toBe(400);
    expect((await call(env, 'POST', '/api/admin/plan-configs/services/999999', { token: admin.token, body: { integral: 1 } })).status).toBe(
      404,
    );
    expect(
      (
        await call(env, 'POST', '/api/admin/plan-configs/options', {
          token: admin.token,
          body: { conditionId: 999999, label: 'x', integral: 1 },
        })
      ).body.message,
    ).toBe('深度条件不存在');
  });

  it('goods: a new price applies to new orders only; shape checked; disabling takes it off sale', async () => {
    const customer = await createTestUser(env);
    const orderNo = await transferOrder(customer);
    const changed = await call(env, 'POST', '/api/admin/goods/1', { token: admin.token, body: { price: 12345 } });
    expect(changed.body.data).toMatchObject({ id: 1, price: 12345 });
    const list = await call(env, 'GET', '/api/admin/orders', { token: operator.token, query: { orderNo } });
    expect(list.body.data.list[0].amount).toBe(10000);
    const newer = await call(env, 'POST', '/api/order/create', { token: customer.token, body: { goodsId: 1, payType: 6 } });
    expect(newer.body.data.amount).toBe(12345);
    const bad = await call(env, 'POST', '/api/admin/goods/1', { token: admin.token, body: { type: 'member' } });
    expect(bad).toMatchObject({ status: 400, body: { message: '会员商品须填写会员等级（3、5、7）和天数' } });
    expect(
      (await call(env, 'GET', '/api/admin/goods', { token: admin.token })).body.data.find((g: { id: number }) => g.id === 1).type,
    ).toBe('integral');
    const created = await call(env, 'POST', '/api/admin/goods', {
      token: admin.token,
      body: { type: 'integral', name: '20000 积分', price: 180000, points: 20000 },
    });
    expect(created.body.data).toMatchObject({ name: '20000 积分', onSale: true });
    await call(env, 'POST', `/api/admin/goods/${created.body.data.id}`, { token: admin.token, body: { onSale: false } });
    const onSale = (await call(env, 'GET', '/api/god/get', { token: customer.token, query: { type: 'integral' } })).body.data;
    expect(onSale.map((g: { id: number }) => g.id)).not.toContain(created.body.data.id);
    await call(env, 'POST', '/api/admin/goods/1', { token: admin.token, body: { price: 10000 } });
  });

  it('uploads: PNG/JPEG up to 1 MB served by the API; wrong types and sizes refused, nothing stored', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    const upload = (payload: Buffer, type: string) =>
      env.app.inject({ method: 'POST', url: '/api/admin/files', headers: { 't-token': admin.token, 'content-type': type }, payload });
    const ok = await upload(png, 'image/png');
    expect(ok.statusCode).toBe(200);
    const url = ok.json().data.url as string;
    const served = await env.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1024 * 1024 - 4)]);
    expect((await upload(jpeg, 'image/jpeg')).statusCode).toBe(200);

    const refused = [
      [Buffer.from('GIF89a....'), 'image/gif', 415],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 415],
      [png, 'image/jpeg', 415],
      [Buffer.concat([jpeg, Buffer.alloc(1)]), 'image/jpeg', 413],
      [Buffer.alloc(3 * 1024 * 1024, 0xff), 'image/jpeg', 413],
    ] as const;
    const before = (await env.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'file.upload'))).length;
    for (const [payload, type, status] of refused) {
      const res = await upload(payload, type);
      expect(res.statusCode, type).toBe(status);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await env.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'file.upload'))).length).toBe(before);

    const collect = await call(env, 'POST', '/api/admin/collect-accounts/1', { token: admin.token, body: { alipayCollectQr: url } });
    expect(collect.body.data.alipayCollectQr).toBe(url);
    expect(
      (await call(env, 'POST', '/api/admin/collect-accounts/1', { token: admin.token, body: { alipayCollectQr: 'javascript:alert(1)' } }))
        .status,
    ).toBe(400);
  });

  it('service contacts: create, assign to a user, shown to that user; announcements create and disable', async () => {
    const u = await createTestUser(env);
    const contact = await call(env, 'POST', '/api/admin/contacts', {
      token: admin.token,
      body: { nickname: '阿强', avatar: '/service/operator-avatar.svg', wechatQr: '/service/wechat-qr.svg' },
    });
    expect(contact.status).toBe(200);
    await call(env, 'POST', `/api/admin/users/${u.phone}/contact`, { token: admin.token, body: { operatorId: contact.body.data.id } });
    expect((await call(env, 'GET', '/api/wechat/qr-code', { token: u.token })).body.data.nickname).toBe('阿强');
    expect(
      (await call(env, 'POST', `/api/admin/users/${u.phone}/contact`, { token: admin.token, body: { operatorId: 999999 } })).status,
    ).toBe(400);

    // what a phone uses instead of scanning its own screen: a WeChat ID to copy, a number to call
    const phoneFields = { wechatId: 'aqiang_ops', phone: '400-820-8820' };
    const updated = await call(env, 'POST', `/api/admin/contacts/${contact.body.data.id}`, { token: admin.token, body: phoneFields });
    expect(updated.status).toBe(200);
    expect((await call(env, 'GET', '/api/wechat/qr-code', { token: u.token })).body.data).toMatchObject(phoneFields);
    for (const bad of [{ wechatId: '1abc' }, { wechatId: 'a b c d e f' }, { phone: '12345' }, { phone: '138001380001' }]) {
      const refused = await call(env, 'POST', `/api/admin/contacts/${contact.body.data.id}`, { token: admin.token, body: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.message).toMatch(/微信号|联系电话/);
    }
    expect((await call(env, 'GET', '/api/wechat/qr-code', { token: u.token })).body.data).toMatchObject(phoneFields);

    const a = await call(env, 'POST', '/api/admin/announcements', { token: admin.token, body: { content: '系统维护通知' } });
    expect((await call(env, 'GET', '/api/Announcement/get', { query: { type: 'top' } })).body.data.content).toBe('系统维护通知');
    await call(env, 'POST', `/api/admin/announcements/${a.body.data.id}`, { token: admin.token, body: { enabled: false } });
    expect((await call(env, 'GET', '/api/Announcement/get', { query: { type: 'top' } })).body.data.content).not.toBe('系统维护通知');
    expect((await audits(`announcement:${a.body.data.id}`)).map((r) => r.action)).toEqual(['announcement.update']);
  });

  it('the command line writes the same audit rows (actor cli)', async () => {
    const u = await createTestUser(env, { integral: 10 });
    expect((await runCommand(env.ctx, ['points:adjust', u.phone, '5', '活动'])).code).toBe(0);
    expect((await runCommand(env.ctx, ['member:set', u.phone, '3', '2026-12-31 00:00:00'])).code).toBe(0);
    const orderNo = await transferOrder(u);
    expect((await runCommand(env.ctx, ['order:confirm', orderNo])).code).toBe(0);
    const rows = [...(await audits(`user:#${u.id}`)), ...(await audits(`order:${orderNo}`))];
    expect(rows.map((r) => [r.actor, r.action, r.actorId])).toEqual([
      ['cli', 'user.points', null],
      ['cli', 'user.member', null],
      ['cli', 'order.confirm', null],
    ]);
    const byCli = await call(env, 'GET', '/api/admin/audit', { token: admin.token, query: { actor: 'cli', pageSize: 100 } });
    expect(byCli.body.data.total).toBeGreaterThanOrEqual(5);
    expect((await env.ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, u.id))).map((r) => r.delta)).toEqual([10, 5, 1000]);
  });

  it('collect:set on the command line leaves an audit row (actor cli); a refused value leaves none', async () => {
    const cliCollect = () =>
      env.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'collect.update'), eq(auditLog.actor, 'cli')))
        .orderBy(auditLog.id);
    const bank = '开户行：测试银行　户名：测试　账号：6217 0000 0000 0001';
    expect((await runCommand(env.ctx, ['collect:set', 'bank', bank])).code).toBe(0);
    const [row, ...more] = await cliCollect();
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ actorId: null, target: expect.stringMatching(/^contact:\d+$/), after: { bankAccount: bank } });
    expect(row!.before).toHaveProperty('bankAccount');
    expect((await runCommand(env.ctx, ['collect:set', 'wxpay', 'javascript:alert(1)'])).code).toBe(1);
    expect(await cliCollect()).toHaveLength(1);
  });

  it('stats per business day', async () => {
    const stats = await call(env, 'GET', '/api/admin/stats', { token: operator.token, query: { from: '2026-03-09', to: '2026-03-10' } });
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    expect(stats.body.data.map((d: { day: string }) => d.day)).toEqual(['2026-03-09', '2026-03-10']);
    const today = stats.body.data[1];
    expect(today.newUsers).toBeGreaterThan(5);
    expect(today.paid['6']).toMatchObject({ orders: expect.any(Number), amount: expect.any(Number) });
    expect(today.paidAmount).toBe(today.paid['6'].amount);
    expect(today.plansCreated).toBe(1);
    expect(today.pointsSpent).toBeGreaterThan(0);
    expect(stats.body.data[0]).toMatchObject({ newUsers: 0, paidOrders: 0, plansCreated: 0 });
    expect(
      (await call(env, 'GET', '/api/admin/stats', { token: operator.token, query: { from: '2026-03-10', to: '2026-03-01' } })).status,
    ).toBe(400);
    expect(
      (await call(env, 'GET', '/api/admin/stats', { token: operator.token, query: { from: '2024-01-01', to: '2026-03-01' } })).status,
    ).toBe(400);
  });
});

describe('console lists at scale', () => {
  it('phone search matches the start or the end of a number, newest first; pages stop at CONSOLE_MAX_PAGE and counts at what they show', async () => {
    const a = await createTestUser(env);
    const b = await createTestUser(env);
    const users = async (query: Record<string, string | number>) =>
      (await call(env, 'GET', '/api/admin/users', { token: operator.token, query })).body;
    // the first seven digits (every test phone shares a start with others) and the last four
    const byStart = await users({ phone: b.phone.slice(0, 7), pageSize: 100 });
    expect(byStart.data.list.map((u: { phone: string }) => u.phone)).toContain(b.phone);
    const byEnd = await users({ phone: b.phone.slice(-4) });
    expect(byEnd.data.list.map((u: { phone: string }) => u.phone)).toContain(b.phone);
    // newest first
    const both = await users({ phone: b.phone.slice(0, 3), pageSize: 100 });
    const phones = both.data.list.map((u: { phone: string }) => u.phone);
    expect(phones.indexOf(b.phone)).toBeLessThan(phones.indexOf(a.phone));
    expect(both.data.total).toBe(phones.length);
    // digits in the middle alone find nothing (not a scan of every number)
    expect((await users({ phone: b.phone.slice(3, 7) })).data.list.map((u: { phone: string }) => u.phone)).not.toContain(b.phone);
    // past the last page: a clear refusal; within it, the total counts at most what the pages show
    const tooFar = await call(env, 'GET', '/api/admin/users', { token: operator.token, query: { page: CONSOLE_MAX_PAGE + 1 } });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toContain(`${CONSOLE_MAX_PAGE} 页`);
    const capped = await users({ page: 1, pageSize: 1 });
    expect(capped.data.total).toBeLessThanOrEqual(CONSOLE_MAX_PAGE);
    expect(capped.data.totalCapped ?? false).toBe(capped.data.total === CONSOLE_MAX_PAGE);
  });
});
