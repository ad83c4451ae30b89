/**
 * First-start data (product.md section 8): reference data (member levels, the three platforms'
 * plan configs with prices, goods, a default operator, a `top` announcement) when the database
 * is empty, and, outside production, the demo account 13800138000 / demo12345 with 10000 points.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import {
  announcements,
  goods,
  memberLevels,
  operators,
  planConditionOptions,
  planConditions,
  planConfigs,
  users,
} from './schema.ts';
import { MEMBER_LEVEL_NAMES, type FlowType } from '../../../common/domain.ts';
import { hashPassword, newInviteCode } from '../lib/crypto.ts';
import { changePoints } from '../modules/points/ledger.ts';

export const DEMO_PHONE = '13800138000';
export const DEMO_PASSWORD = 'demo12345';
const DEMO_POINTS = 10000;

type Option = [label: string, integral: number];
type Condition = [label: string, options: Option[]];
type BaseService = [name: string, integral: number, conditions: Condition[]];

const DWELL: Condition = ['浏览时长', [['60 秒', 0], ['120 秒', 1], ['180 秒', 2]]];
const DEEP: Condition = ['深度浏览', [['不需要', 0], ['浏览 2 个其他商品', 1], ['浏览 4 个其他商品', 2]]];
const COMPARE: Condition = ['货比三家', [['不需要', 0], ['需要', 1]]];
const PLAIN: Condition = ['停留方式', [['默认', 0]]];

export const PLAN_CONFIG_SEED: Record<FlowType, BaseService[]> = {
  tb: [
    ['搜索浏览', 2, [DWELL, DEEP, COMPARE]],
    ['搜索收藏', 3, [DWELL, DEEP]],
    ['搜索加购', 4, [DWELL, DEEP, COMPARE]],
    ['直访浏览', 1, [PLAIN]],
  ],
  jd: [
    ['搜索浏览', 2, [DWELL, DEEP]],
    ['关注店铺', 3, [DWELL]],
    ['搜索加购', 4, [DWELL, DEEP, COMPARE]],
  ],
  pdd: [
    ['搜索浏览', 2, [DWELL, DEEP]],
    ['搜索收藏', 3, [DWELL]],
    ['直访浏览', 1, [PLAIN]],
  ],
};

const MEMBER_DISCOUNTS: Record<number, number> = { 1: 100, 3: 95, 5: 90, 7: 85 };

export async function seedReferenceData(db: Db): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(memberLevels)) as [{ count: number }];
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(memberLevels).values(
      Object.entries(MEMBER_LEVEL_NAMES).map(([level, name]) => ({
        level: Number(level),
        name,
        discountPercent: MEMBER_DISCOUNTS[Number(level)]!,
      })),
    );
    for (const [flowType, services] of Object.entries(PLAN_CONFIG_SEED)) {
      for (const [sort, [name, integral, conditions]] of services.entries()) {
        const [config] = await tx.insert(planConfigs).values({ flowType, name, integral, sort }).returning();
        for (const [cSort, [label, options]] of conditions.entries()) {
          const [condition] = await tx
            .insert(planConditions)
            .values({ configId: config!.id, label, sort: cSort })
            .returning();
          await tx
            .insert(planConditionOptions)
            .values(options.map(([oLabel, oIntegral], oSort) => ({ conditionId: condition!.id, label: oLabel, integral: oIntegral, sort: oSort })));
        }
      }
    }
    await tx.insert(goods).values([
      { type: 'integral', name: '1000 积分', price: 10000, points: 1000, sort: 1 },
      { type: 'integral', name: '3200 积分', price: 30000, points: 3200, sort: 2 },
      { type: 'integral', name: '5500 积分', price: 50000, points: 5500, sort: 3 },
      { type: 'integral', name: '11500 积分', price: 100000, points: 11500, sort: 4 },
      { type: 'member', name: '黄金会员 30 天', price: 9900, level: 3, days: 30, sort: 11 },
      { type: 'member', name: '黄金会员 90 天', price: 26900, level: 3, days: 90, sort: 12 },
      { type: 'member', name: '铂金会员 30 天', price: 19900, level: 5, days: 30, sort: 13 },
      { type: 'member', name: '铂金会员 90 天', price: 53900, level: 5, days: 90, sort: 14 },
      { type: 'member', name: '钻石会员 30 天', price: 39900, level: 7, days: 30, sort: 15 },
      { type: 'member', name: '钻石会员 90 天', price: 107900, level: 7, days: 90, sort: 16 },
    ]);
    await tx.insert(operators).values({
      nickname: '小美',
      avatar: '/service/operator-avatar.svg',
      wechatQr: '/service/wechat-qr.svg',
      remark: '有任何问题请扫码添加微信，工作时间内 10 分钟内回复',
      alipayCollectQr: '/service/alipay-collect-qr.svg',
      wxpayCollectQr: '/service/wxpay-collect-qr.svg',
      bankAccount: '开户行：招商银行上海分行　户名：上海某某网络科技有限公司　账号：6214 8300 0000 0000',
      isDefault: true,
    });
    await tx.insert(announcements).values({
      type: 'top',
      content: '欢迎使用任务计划平台：新用户注册即可发布淘宝、京东、拼多多任务计划。',
    });
  });
  return true;
}

export async function seedDemoAccount(db: Db, now: Date): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_PHONE));
  if (existing) return false;
  const [operator] = await db.select({ id: operators.id }).from(operators).where(eq(operators.isDefault, true)).limit(1);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ phone: DEMO_PHONE, passwordHash, inviteCode: newInviteCode(), operatorId: operator?.id ?? null, createdAt: now })
      .returning();
    await changePoints(tx, {
      userId: user!.id,
      delta: DEMO_POINTS,
      kind: 'adjust',
      reference: 'seed:demo',
      remark: '演示账号初始积分',
      at: now,
    });
  });
  return true;
}
