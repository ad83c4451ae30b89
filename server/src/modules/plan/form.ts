/**
 * The plan form and its validation, shared by plan creation and templates
 * (a template's form is the same without startDate). Everything the client sends is checked
 * here; prices come from the server's table (plan-config), never from the client.
 */
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';

import { PLATFORM_LABELS, type FlowType } from '../../../../common/domain.ts';
import type { PlanForm as WirePlanForm, TemplateForm as WireTemplateForm } from '../../../../common/api-types.ts';
import { flowTypeSchema, priceForm, type FormPrice } from '../plan-config/index.ts';
import { recogniseItemLink, UNRECOGNISED_LINK } from '../item/index.ts';
import {
  DAILY_COUNT_MAX,
  DAILY_COUNT_MIN,
  DAYS_MAX,
  DAYS_MIN,
  HOURS,
  KEYWORD_MAX_LENGTH,
  KEYWORDS_MAX,
  START_DAYS_AHEAD_MAX,
} from '../../../../common/plan-limits.ts';
import { distributionSum } from '../../../../common/distribution.ts';
import { daysBetween, isCalendarDate, localDate } from '../../../../common/zoned-time.ts';
import { idField, INT4_MAX, msg, parseInput } from '../../http/validate.ts';

const optionalText = (max: number, label: string) =>
  z
    .string(msg(`${label}格式不正确`))
    .trim()
    .max(max, msg(`${label}不超过 ${max} 个字`))
    .nullish()
    .transform((v) => (v ? v : null));

const formShape = {
  flowType: flowTypeSchema,
  itemUrl: z.string(msg('请填写商品链接')).trim().min(1, msg('请填写商品链接')).max(2000, msg('商品链接过长')),
  itemId: z
    .string(msg('请先识别商品链接'))
    .trim()
    .regex(/^\d{5,20}$/, msg('商品 ID 应为 5 到 20 位数字')),
  title: z.string(msg('请填写商品标题')).trim().min(1, msg('请填写商品标题')).max(100, msg('商品标题不超过 100 个字')),
  image: optionalText(1000, '商品图片').refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), msg('商品图片须是 http(s) 链接')),
  shopName: optionalText(100, '店铺名称'),
  /** The price the item card showed at publish time (fen), kept as shown. */
  price: z
    .number(msg('商品价格格式不正确'))
    .int(msg('商品价格格式不正确'))
    .min(0, msg('商品价格不能为负'))
    .max(INT4_MAX, msg('商品价格过大'))
    .nullish()
    .transform((v) => v ?? null),
  keywords: z
    .array(
      z
        .string(msg('关键词必须是文字'))
        .trim()
        .min(1, msg('关键词不能为空'))
        .max(KEYWORD_MAX_LENGTH, msg(`每个关键词不超过 ${KEYWORD_MAX_LENGTH} 个字`)),
      msg('请填写关键词'),
    )
    .min(1, msg('请至少填写 1 个关键词'))
    .max(KEYWORDS_MAX, msg(`关键词最多 ${KEYWORDS_MAX} 个`))
    .refine((list) => new Set(list).size === list.length, msg('关键词不能重复')),
  configId: z.number(msg('请选择基础服务')).int(msg('基础服务不正确')).positive(msg('基础服务不正确')).max(INT4_MAX, msg('基础服务不正确')),
  optionIds: z.array(idField('深度条件选项不正确'), msg('请选择深度条件')).max(50, msg('深度条件选项过多')),
  dailyCount: z
    .number(msg('请填写每日数量'))
    .int(msg('每日数量须是整数'))
    .min(DAILY_COUNT_MIN, msg(`每日数量须在 ${DAILY_COUNT_MIN} 到 ${DAILY_COUNT_MAX} 之间`))
    .max(DAILY_COUNT_MAX, msg(`每日数量须在 ${DAILY_COUNT_MIN} 到 ${DAILY_COUNT_MAX} 之间`)),
  days: z
    .number(msg('请填写天数'))
    .int(msg('天数须是整数'))
    .min(DAYS_MIN, msg(`天数须在 ${DAYS_MIN} 到 ${DAYS_MAX} 之间`))
    .max(DAYS_MAX, msg(`天数须在 ${DAYS_MIN} 到 ${DAYS_MAX} 之间`)),
  distribution: z
    .array(z.number(msg('时间分布须是数字')).int(msg('时间分布须是非负整数')).min(0, msg('时间分布须是非负整数')), msg('请填写时间分布'))
    .length(HOURS, msg('时间分布须有 24 个小时')),
};

export const templateFormSchema = z.strictObject(formShape, msg('计划内容不正确'));
export const planFormSchema = z.strictObject(
  {
    ...formShape,
    startDate: z.string(msg('请选择开始日期')).refine(isCalendarDate, msg('开始日期格式应为 YYYY-MM-DD')),
  },
  msg('计划内容不正确'),
);

/** The forms as validated (null for an empty image/shop name); they are the wire forms. */
export type TemplateForm = z.infer<typeof templateFormSchema>;
export type PlanForm = z.infer<typeof planFormSchema>;
// A drift between the schemas and the wire shapes (common/api-types.ts) fails the typecheck.
templateFormSchema satisfies z.ZodType<WireTemplateForm>;
planFormSchema satisfies z.ZodType<WirePlanForm>;

export interface CheckedForm<F> {
  /** The form as stored: trimmed, with the canonical product url. */
  form: F;
  price: FormPrice;
}

/** Rules that need more than one field, the item link and the price table (no dates). */
async function checkForm<F extends TemplateForm>(db: Executor, form: F): Promise<CheckedForm<F>> {
  const sum = distributionSum(form.distribution);
  if (sum !== form.dailyCount) throw badRequest(`时间分布合计须等于每日数量（当前合计 ${sum}，每日数量 ${form.dailyCount}）`);
  const item = recogniseItemLink(form.itemUrl);
  if (!item) throw badRequest(UNRECOGNISED_LINK);
  if (item.flowType !== form.flowType)
    throw badRequest(`商品链接是${PLATFORM_LABELS[item.flowType]}商品，与所选平台（${PLATFORM_LABELS[form.flowType as FlowType]}）不符`);
  if (item.itemId !== form.itemId) throw badRequest('商品 ID 与商品链接不一致');
  const price = await priceForm(db, form);
  return { form: { ...form, itemUrl: item.url }, price };
}

/** A template's form (no dates). */
export async function checkTemplateForm(db: Executor, input: unknown): Promise<CheckedForm<TemplateForm>> {
  // "Save as template" from the plan page sends the whole form: its start date is ignored, not stored.
  const { startDate: _ignored, ...rest } = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  return checkForm(db, parseInput(templateFormSchema, input && typeof input === 'object' ? rest : input));
}

/**
 * A plan form: also the start date, which may not be in the past in the business time zone. The
 * distribution is the plan's full pattern: when the plan starts today, the hours already begun
 * are cut from its first day at creation (plans.ts), not refused here.
 */
export async function checkPlanForm(db: Executor, input: unknown, now: Date, timeZone: string): Promise<CheckedForm<PlanForm>> {
  const form = parseInput(planFormSchema, input);
  const today = localDate(now, timeZone);
  const ahead = daysBetween(today, form.startDate);
  if (ahead < 0) throw badRequest(`开始日期不能早于今天（${today}）`);
  if (ahead > START_DAYS_AHEAD_MAX) throw badRequest(`开始日期不能晚于今天起 ${START_DAYS_AHEAD_MAX} 天`);
  return checkForm(db, form);
}
