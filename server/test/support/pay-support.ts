/** Shared set-up of the payment gateway suites: a production app whose payment settings point at a fake gateway. */
import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, users } from '../../src/tables.ts';
import { ledgerSum } from '../../src/modules/points/index.ts';
import { MINUTE } from '../../src/lib/clock.ts';
import type { GatewayFailure, PaymentProvider } from '../../src/modules/pay/index.ts';
import { readPaymentSettings } from '../../src/modules/pay/index.ts';
import { call, createTestEnv, createTestUser, grantRole, type TestEnv } from './support.ts';

export const PUBLIC_BASE_URL = 'https://shop.example.test';

export interface IntegralGoods {
  id: number;
  price: number;
  points: number;
  name: string;
}

/** NODE_ENV=production (no sandbox) with the gateway settings `gatewayEnv`, and the points packages on sale. */
export async function gatewayTestEnv(gatewayEnv: Record<string, string>): Promise<{ env: TestEnv; goods: IntegralGoods[] }> {
  const { settings, problems } = readPaymentSettings({ ...gatewayEnv, PUBLIC_BASE_URL });
  expect(problems).toEqual([]);
  const env = await createTestEnv({ config: { nodeEnv: 'production', payments: settings } });
  const u = await createTestUser(env);
  const goods = (await call(env, 'GET', '/api/god/get', { token: u.token, query: { type: 'integral' } })).body.data;
  return { env, goods };
}

/** The balance, checked against the sum of the ledger. */
export async function balanceChecked(env: TestEnv, userId: number): Promise<number> {
  const [row] = await env.ctx.db.select({ integral: users.integral }).from(users).where(eq(users.id, userId));
  expect(await ledgerSum(env.ctx.db, userId)).toBe(row!.integral);
  return row!.integral;
}

export const orderStatus = async (env: TestEnv, orderNo: string) =>
  (await env.ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;

/** The gateway's trade number stored on the order. */
export const storedTradeNo = async (env: TestEnv, orderNo: string) =>
  (await env.ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.providerTradeNo;

/** The console's orders found by a gateway trade number (GET /api/admin/orders?tradeNo=, as an operator). */
export async function consoleOrdersByTradeNo(env: TestEnv, tradeNo: string) {
  // Granted the role with a new session (a role change ends the account's sessions).
  const staff = await grantRole(env, await createTestUser(env), 'operator');
  const res = await call(env, 'GET', '/api/admin/orders', { token: staff.token, query: { tradeNo } });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.list as Array<{ orderNo: string; providerTradeNo: string | null }>;
}

/** Starts the fake gateway and the app before the file's tests, stops both after; read the fields inside tests. */
export function useGatewayEnv<F extends { env: Record<string, string>; stop(): Promise<void> }>(startFake: () => Promise<F>) {
  const holder = {} as { env: TestEnv; fake: F; goods: IntegralGoods[] };
  beforeAll(async () => {
    holder.fake = await startFake();
    Object.assign(holder, await gatewayTestEnv(holder.fake.env));
  });
  afterAll(async () => {
    await holder.env?.close();
    await holder.fake?.stop();
  });
  return holder;
}

/**
 * With the fake gateway hanging (it reads each request and never answers), create, query and close
 * each reject with the 503 `message` soon after the provider's short timeout, each logged once as
 * unreachable, with no query string (signed parameters) in what is logged.
 */
export async function expectEachCallTimesOut(
  provider: PaymentProvider,
  fake: { hang: boolean },
  logged: GatewayFailure[],
  message: string,
) {
  const request = {
    orderNo: '20260301100000000001',
    amount: 100,
    subject: '积分',
    expiresAt: new Date(Date.now() + 30 * MINUTE),
    scene: 'qr' as const,
  };
  fake.hang = true;
  try {
    for (const attempt of [
      () => provider.createPayment(request),
      () => provider.queryPayment(request.orderNo),
      () => provider.closePayment(request.orderNo),
    ]) {
      const started = Date.now();
      await expect(attempt()).rejects.toMatchObject({ statusCode: 503, message });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  } finally {
    fake.hang = false;
  }
  expect(logged).toHaveLength(3);
  for (const failure of logged) {
    expect(failure).toMatchObject({ gateway: provider.name, outcome: 'unreachable', message: expect.any(String) });
    expect(failure.message).not.toMatch(/[?&](sign|app_id|biz_content)=/);
  }
}
