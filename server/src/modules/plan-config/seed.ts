/** First-start data of the price table: each platform's base services, conditions and options. */
import type { Executor } from '../../db/client.ts';
import { bumpCacheVersion } from '../../db/shared-cache.ts';
import { planConditionOptions, planConditions, planConfigs } from './tables.ts';
import type { FlowType } from '../../../../common/domain.ts';
import { PLAN_CONFIGS_CACHE } from './configs.ts';

type Option = [label: string, integral: number];
type Condition = [label: string, options: Option[]];
type BaseService = [name: string, integral: number, conditions: Condition[]];

const DWELL: Condition = [
  '浏览时长',
  [
    ['60 秒', 0],
    ['120 秒', 1],
    ['180 秒', 2],
  ],
];
const DEEP: Condition = [
  '深度浏览',
  [
    ['不需要', 0],
    ['浏览 2 个其他商品', 1],
    ['浏览 4 个其他商品', 2],
  ],
];
const COMPARE: Condition = [
  '货比三家',
  [
    ['不需要', 0],
    ['需要', 1],
  ],
];
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

export async function seedPlanConfigs(db: Executor): Promise<void> {
  for (const [flowType, services] of Object.entries(PLAN_CONFIG_SEED)) {
    for (const [sort, [name, integral, conditions]] of services.entries()) {
      const [config] = await db.insert(planConfigs).values({ flowType, name, integral, sort }).returning();
      for (const [cSort, [label, options]] of conditions.entries()) {
        const [condition] = await db.insert(planConditions).values({ configId: config!.id, label, sort: cSort }).returning();
        await db
          .insert(planConditionOptions)
          .values(
            options.map(([oLabel, oIntegral], oSort) => ({ conditionId: condition!.id, label: oLabel, integral: oIntegral, sort: oSort })),
          );
      }
    }
  }
  await bumpCacheVersion(db, PLAN_CONFIGS_CACHE);
}
