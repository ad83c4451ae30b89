/**
 * Collect (transfer) details are data ops set: production seeds none, a collect pay type without
 * its detail is not offered and is refused by order/create, `collect:set` sets and clears them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { operators, orders } from '../../tables.ts';
import { PLACEHOLDER_COLLECT_DETAILS, removePlaceholderCollectDetails } from '../operator/index.ts';
import { runCommand } from '../../ops/commands.ts';
import { call, createTestEnv, createTestUser, type TestEnv } from '../../../test/support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ config: { nodeEnv: 'production' }, productionSeed: true });
});
afterAll(() => env?.close());

const ops = (...argv: string[]) => runCommand(env.ctx, argv);
const offered = async (token?: string) =>
  (await call(env, 'GET', '/api/pay/types', { token })).body.data.map((t: { payType: number }) => t.payType);
const orderCount = async () => Number((await env.ctx.db.select({ n: count() }).from(orders))[0]!.n);

describe('collect details owned by operators', () => {
  it('a production database has no placeholder details: only contact staff is offered, transfers are refused', async () => {
    const [operator] = await env.ctx.db.select().from(operators).where(eq(operators.isDefault, true));
    expect(operator).toMatchObject({ alipayCollectQr: '', wxpayCollectQr: '', bankAccount: '' });
    const u = await createTestUser(env);
    expect(await offered(u.token)).toEqual([9]);
    expect(await offered()).toEqual([9]); // visitors see the default operator's
    const goods = (await call(env, 'GET', '/api/god/get', { token: u.token, query: { type: 'integral' } })).body.data;
    for (const [payType, name] of [
      [3, '支付宝转账'],
      [4, '微信转账'],
      [6, '银行卡转账'],
    ] as const) {
      const res = await call(env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: goods[0].id, payType } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: `${name}暂未开通，请选择其他支付方式` });
    }
    expect(await orderCount()).toBe(0);
  });

  it('collect:set offers a transfer method with its detail; "-" withdraws it', async () => {
    const u = await createTestUser(env);
    expect(await ops('collect:set', 'alipay', '/uploads/alipay-qr.png')).toEqual({
      code: 0,
      output: expect.stringContaining('支付宝收款码：（未设置） -> 「/uploads/alipay-qr.png」'),
    });
    expect(await ops('collect:set', 'bank', '开户行：建设银行', '户名：某某公司', '账号：6217 0000 1111 2222')).toMatchObject({ code: 0 });
    expect(await offered(u.token)).toEqual([3, 6, 9]);
    const goods = (await call(env, 'GET', '/api/god/get', { token: u.token, query: { type: 'integral' } })).body.data;
    const order = (await call(env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: goods[0].id, payType: 3 } })).body.data;
    expect(order.pay).toEqual({ kind: 'collect', transferRemark: order.orderNo, alipayCollectQr: '/uploads/alipay-qr.png' });
    const bank = (await call(env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: goods[0].id, payType: 6 } })).body.data;
    expect(bank.pay.bankAccount).toBe('开户行：建设银行 户名：某某公司 账号：6217 0000 1111 2222');
    // who receives the transfers, named beside the QR and the account once set (a payee offers no method by itself)
    expect(await ops('collect:set', 'payee', '某某公司')).toEqual({
      code: 0,
      output: expect.stringContaining('收款人：（未设置） -> 「某某公司」'),
    });
    expect(await offered(u.token)).toEqual([3, 6, 9]);
    const named = (await call(env, 'POST', '/api/order/create', { token: u.token, body: { goodsId: goods[1].id, payType: 3 } })).body.data;
    expect(named.pay).toEqual({
      kind: 'collect',
      transferRemark: named.orderNo,
      alipayCollectQr: '/uploads/alipay-qr.png',
      payee: '某某公司',
    });
    expect(await ops('collect:set', 'alipay', '-')).toEqual({
      code: 0,
      output: expect.stringContaining('-> （未设置），该转账方式不再提供'),
    });
    expect(await offered(u.token)).toEqual([6, 9]);
  });

  it('refuses bad input with the reason and exit code 1, changing nothing', async () => {
    const [before] = await env.ctx.db.select().from(operators).where(eq(operators.isDefault, true));
    for (const argv of [
      ['collect:set'],
      ['collect:set', 'paypal', '/x.png'],
      ['collect:set', 'wxpay'],
      ['collect:set', 'wxpay', 'javascript:alert(1)'],
      ['collect:set', 'bank', 'x'.repeat(201)],
    ]) {
      const outcome = await ops(...argv);
      expect(outcome.code, argv.join(' ')).toBe(1);
      expect(outcome.output).toMatch(/^错误：/);
    }
    const [after] = await env.ctx.db.select().from(operators).where(eq(operators.isDefault, true));
    expect(after).toEqual(before);
  });

  it('a database seeded before: production start clears the demo details, keeping those ops set', async () => {
    await env.ctx.db
      .update(operators)
      .set({ wxpayCollectQr: PLACEHOLDER_COLLECT_DETAILS.wxpayCollectQr, bankAccount: PLACEHOLDER_COLLECT_DETAILS.bankAccount });
    await ops('collect:set', 'alipay', '/uploads/real.png');
    expect(await removePlaceholderCollectDetails(env.ctx.db)).toBe(2);
    const [operator] = await env.ctx.db.select().from(operators).where(eq(operators.isDefault, true));
    expect(operator).toMatchObject({ alipayCollectQr: '/uploads/real.png', wxpayCollectQr: '', bankAccount: '' });
  });
});
