import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { orders } from '../../tables.ts';
import { call, createTestEnv, createTestUser, type TestEnv } from '../../../test/support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ config: { nodeEnv: 'production' } });
});
afterAll(() => env?.close());

describe('payment in production', () => {
  it('refuses online pay types without a configured gateway (no sandbox) with a clear message and writes no order', async () => {
    const u = await createTestUser(env);
    const goods = (await call(env, 'GET', '/api/god/get', { token: u.token, query: { type: 'integral' } })).body.data;
    for (const payType of [1, 2]) {
      const res = await call(env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: goods[0].id, payType } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`${payType === 1 ? '支付宝' : '微信支付'}暂未开通，请选择其他支付方式`);
    }
    expect(Number((await env.ctx.db.select({ n: count() }).from(orders))[0]!.n)).toBe(0);
    const types = await call(env, 'GET', '/api/pay/types', { token: u.token });
    expect(types.body.data.map((t: { payType: number }) => t.payType)).toEqual([3, 4, 6, 9]);
  });

  it('the sandbox confirm is refused; collect orders still work', async () => {
    const u = await createTestUser(env);
    const goods = (await call(env, 'GET', '/api/god/get', { token: u.token, query: { type: 'integral' } })).body.data;
    const collect = await call(env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: goods[0].id, payType: 3 } });
    expect(collect.status).toBe(200);
    const res = await call(env, 'POST', `/api/pay/sandbox/${collect.body.data.orderNo}/confirm`, { token: u.token });
    expect(res.status).toBe(403);
    // An online order from before the gateway settings were removed cannot be paid in the sandbox either.
    const [online] = await env.ctx.db
      .insert(orders)
      .values({ ...(await env.ctx.db.select().from(orders))[0]!, id: undefined, orderNo: 'ONLINE1', payType: 1 })
      .returning();
    const sandbox = await call(env, 'POST', `/api/pay/sandbox/${online!.orderNo}/confirm`, { token: u.token });
    expect(sandbox.status).toBe(403);
    expect(sandbox.body.message).toBe('沙箱支付仅用于开发和测试环境，生产环境不可用');
    const notice = await env.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      payload: { orderNo: collect.body.data.orderNo },
    });
    expect(notice.statusCode).toBe(404); // no sandbox notifications in production either
    expect(
      (await call(env, 'GET', '/api/order/detail', { token: u.token, query: { orderNo: collect.body.data.orderNo } })).body.data.status,
    ).toBe('pending');
  });
});
