/** Shared by the plan and template tests: a valid plan form built from the seeded price table. */
import { eq, sql } from 'drizzle-orm';
import { plans, pointsLedger, users } from '../../src/tables.ts';
import { loadPlanConfigs } from '../../src/modules/plan-config/index.ts';
import { ledgerSum } from '../../src/modules/points/index.ts';
import type { TestEnv } from './support.ts';

export const TZ = 'Asia/Shanghai';
/** Shanghai wall clock -> instant. */
export const sh = (local: string) => new Date(`${local}+08:00`);

export const LINKS = {
  tb: { itemUrl: 'https://item.taobao.com/item.htm?id=612345678901', itemId: '612345678901' },
  jd: { itemUrl: 'https://item.jd.com/100012043978.html', itemId: '100012043978' },
  pdd: { itemUrl: 'https://mobile.yangkeduo.com/goods.html?goods_id=345678901234', itemId: '345678901234' },
} as const;

/** A valid 2-day tb plan form (first service, first options) from a running server's price table, starting in 10 days. */
export async function formFromServer(baseURL: string) {
  const config = ((await (await fetch(`${baseURL}/api/plan/config/full-data`)).json()) as any).data.find((c: any) => c.flowType === 'tb');
  const service = config.planConfigList[0];
  return {
    flowType: 'tb',
    ...LINKS.tb,
    title: '保温杯 316 不锈钢 大容量',
    keywords: ['保温杯'],
    configId: service.id,
    optionIds: service.conditionList.map((c: any) => c.optionList[0].id),
    dailyCount: 10,
    days: 2,
    startDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    distribution: Array.from({ length: 24 }, (_, h) => (h === 9 ? 10 : 0)),
  };
}

/** 10 a day: 4 at 09:00 and 6 at 20:00. */
export const DIST_9_20 = Array.from({ length: 24 }, (_, h) => (h === 9 ? 4 : h === 20 ? 6 : 0));

/**
 * tb 搜索浏览 (2) with options 120 秒 (1), 不需要 (0), 需要 (1): unit cost 4.
 * Override any field; `startDate` defaults to 2026-12-01.
 */
export async function validForm(env: TestEnv, over: Record<string, unknown> = {}) {
  const [tb] = await loadPlanConfigs(env.ctx.db, ['tb']);
  const service = tb!.planConfigList[0]!;
  const [dwell, deep, compare] = service.conditionList;
  return {
    flowType: 'tb',
    ...LINKS.tb,
    title: '保温杯 316 不锈钢 大容量',
    keywords: ['保温杯', '不锈钢保温杯'],
    configId: service.id,
    optionIds: [dwell!.optionList[1]!.id, deep!.optionList[0]!.id, compare!.optionList[1]!.id],
    dailyCount: 10,
    days: 3,
    startDate: '2026-12-01',
    distribution: DIST_9_20,
    ...over,
  };
}
export const UNIT_COST = 4;

export async function balanceOf(env: TestEnv, userId: number) {
  const [row] = await env.ctx.db.select({ integral: users.integral }).from(users).where(eq(users.id, userId));
  return row!.integral;
}

export async function planCount(env: TestEnv, userId?: number) {
  const [row] = await env.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(plans)
    .where(userId ? eq(plans.userId, userId) : undefined);
  return row!.n;
}

export async function ledgerRows(env: TestEnv, userId: number) {
  return env.ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(pointsLedger.id);
}

/** The ledger invariant: balance = sum of deltas, never negative. */
export async function expectLedgerAddsUp(env: TestEnv, userId: number, expect: (v: unknown) => any) {
  const balance = await balanceOf(env, userId);
  expect(balance).toBe(await ledgerSum(env.ctx.db, userId));
  expect(balance).toBeGreaterThanOrEqual(0);
  return balance;
}

/**
 * A plan row for a bulk insert (tests that need hundreds of plans without publishing each): a
 * 3-day tb plan of 10 a day at unit cost 4 from 2026-12-01, with its item from `item`.
 */
export function bulkPlanRow(
  userId: number,
  item: { itemUrl: string; itemId: string; configId: number },
  fields: Partial<typeof plans.$inferInsert> & { title: string; createdAt: Date },
): typeof plans.$inferInsert {
  return {
    userId,
    flowType: 'tb',
    itemUrl: item.itemUrl,
    itemId: item.itemId,
    keywords: ['k'],
    configId: item.configId,
    configName: '搜索浏览',
    baseIntegral: 2,
    options: [],
    dailyCount: 10,
    days: 3,
    startDate: '2026-12-01',
    distribution: DIST_9_20,
    startAt: sh('2026-12-01T09:00:00'),
    endAt: sh('2026-12-03T21:00:00'),
    unitCost: 4,
    discountPercent: 100,
    totalCount: 30,
    totalCost: 120,
    ...fields,
  };
}
