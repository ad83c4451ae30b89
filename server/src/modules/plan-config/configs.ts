/**
 * The platforms' price table (plan configs): base services, their deep-visit conditions and the
 * options of each condition, read in one place. The routes answer it and plan creation prices a
 * form with `priceForm`, so the table the user sees is the table they pay by.
 */
import { asc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { cachedValue } from '../../db/shared-cache.ts';
import { planConditionOptions, planConditions, planConfigs, type PlanOptionSnapshot } from './tables.ts';
import { badRequest } from '../../http/errors.ts';
import { msg } from '../../http/validate.ts';
import { FLOW_TYPES, PLATFORM_LABELS, type FlowType } from '../../../../common/domain.ts';
import type { BaseService, ConditionOption, PlanCondition, PlanConfig } from '../../../../common/api-types.ts';
import { unitCost } from '../../../../common/plan-cost.ts';

/** A `flowType` input: one of the three platforms. */
export const flowTypeSchema = z.enum(FLOW_TYPES, msg('平台类型不正确，应为 tb、jd 或 pdd'));

/** A platform's price table as stored; the routes add the business time zone. */
export type PlatformPrices = Omit<PlanConfig, 'timeZone'>;

/** The enabled base services of the given platforms (all three when omitted), in display order. */
export async function loadPlanConfigs(db: Executor, flowTypes: readonly FlowType[] = FLOW_TYPES): Promise<PlatformPrices[]> {
  const configs = await db
    .select()
    .from(planConfigs)
    .where(inArray(planConfigs.flowType, [...flowTypes]))
    .orderBy(asc(planConfigs.sort), asc(planConfigs.id));
  const enabled = configs.filter((c) => c.enabled);
  const configIds = enabled.map((c) => c.id);
  const conditions = configIds.length
    ? await db
        .select()
        .from(planConditions)
        .where(inArray(planConditions.configId, configIds))
        .orderBy(asc(planConditions.sort), asc(planConditions.id))
    : [];
  const conditionIds = conditions.map((c) => c.id);
  const options = conditionIds.length
    ? await db
        .select()
        .from(planConditionOptions)
        .where(inArray(planConditionOptions.conditionId, conditionIds))
        .orderBy(asc(planConditionOptions.sort), asc(planConditionOptions.id))
    : [];

  const optionsByCondition = new Map<number, ConditionOption[]>();
  for (const o of options) {
    const list = optionsByCondition.get(o.conditionId) ?? [];
    list.push({ id: o.id, label: o.label, integral: o.integral });
    optionsByCondition.set(o.conditionId, list);
  }
  const conditionsByConfig = new Map<number, PlanCondition[]>();
  for (const c of conditions) {
    const list = conditionsByConfig.get(c.configId) ?? [];
    list.push({ id: c.id, label: c.label, optionList: optionsByCondition.get(c.id) ?? [] });
    conditionsByConfig.set(c.configId, list);
  }
  return flowTypes.map((flowType) => ({
    flowType,
    generalType: PLATFORM_LABELS[flowType],
    planConfigList: enabled
      .filter((c) => c.flowType === flowType)
      .map((c) => ({ id: c.id, name: c.name, integral: c.integral, conditionList: conditionsByConfig.get(c.id) ?? [] })),
  }));
}

/** Name of the price table's cache version: every change to the three tables bumps it. */
export const PLAN_CONFIGS_CACHE = 'plan_configs';

/**
 * The whole table (all platforms) from memory, as the public routes answer it. Pricing a plan
 * (priceForm) reads the database instead, so a charge always follows the table as it is now.
 */
export function cachedPlanConfigs(db: Executor): Promise<PlatformPrices[]> {
  return cachedValue(db, PLAN_CONFIGS_CACHE, (executor) => loadPlanConfigs(executor));
}

/** One base service of a platform, or null when it does not exist there (or is disabled). */
export async function findBaseService(db: Executor, flowType: FlowType, configId: number): Promise<BaseService | null> {
  const [platform] = await loadPlanConfigs(db, [flowType]);
  return platform!.planConfigList.find((c) => c.id === configId) ?? null;
}

export interface FormPrice {
  configName: string;
  baseIntegral: number;
  options: PlanOptionSnapshot[];
  /** Base integral + the chosen options' integral, per task. */
  unitCost: number;
}

/**
 * Prices a plan form from the current table: the base service must belong to the platform and
 * exactly one option must be chosen for each of its conditions (400 otherwise).
 */
export async function priceForm(db: Executor, form: { flowType: FlowType; configId: number; optionIds: number[] }): Promise<FormPrice> {
  const service = await findBaseService(db, form.flowType, form.configId);
  if (!service) throw badRequest('基础服务不存在或不属于该平台');
  const chosen = new Set(form.optionIds);
  if (chosen.size !== form.optionIds.length) throw badRequest('深度条件选项重复');
  const snapshot: PlanOptionSnapshot[] = [];
  for (const condition of service.conditionList) {
    const picked = condition.optionList.filter((o) => chosen.has(o.id));
    if (picked.length !== 1) throw badRequest(`请为「${condition.label}」选择一个选项`);
    const option = picked[0]!;
    snapshot.push({
      conditionId: condition.id,
      conditionLabel: condition.label,
      optionId: option.id,
      optionLabel: option.label,
      integral: option.integral,
    });
  }
  if (snapshot.length !== form.optionIds.length) throw badRequest('深度条件选项不属于该基础服务');
  return { configName: service.name, baseIntegral: service.integral, options: snapshot, unitCost: unitCost(service, form.optionIds) };
}
