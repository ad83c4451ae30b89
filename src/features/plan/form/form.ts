/**
 * State of the plan form shared by /flow/:type and the template editor, its validation and its
 * conversion to the wire form. Rules (limits shared with the server in common/plan-limits): keywords
 * 1-5, each 1-30 characters; one option per deep-visit condition; the hours (the plan's full daily
 * pattern) sum to the daily count; a plan starting today must have a task left after the hours
 * already begun (the first-day cut, common/distribution).
 */
import type { FlowType } from '@common/domain';
import type { BaseService, PlanForm, TemplateForm } from '@common/api-types';
import type { ItemInfo } from './api';
import {
  checkDistribution,
  firstDayFromHour,
  planTaskCount,
  presetDistribution,
  rescaleDistribution,
  type DistributionPreset,
  type DistributionProblem,
} from '@common/distribution';
import { DAILY_COUNT_MAX, DAILY_COUNT_MIN, DAYS_MAX, DAYS_MIN, KEYWORD_MAX_LENGTH, KEYWORDS_MAX } from '@common/plan-limits';

export interface FlowFormState {
  itemUrl: string;
  item: ItemInfo | null;
  /** The item card's title (what the lookup found, edited by the seller). */
  title: string;
  keywords: string[];
  configId: number | null;
  /** Chosen option id per condition id. */
  options: Record<number, number>;
  dailyCount: number;
  days: number;
  /** YYYY-MM-DD; empty in the template editor. */
  startDate: string;
  preset: DistributionPreset;
  distribution: number[];
}

/** A new form with the typical traffic curve (the full daily pattern: a start today cuts the first day only). */
export function initialFlowForm(startDate: string, dailyCount = 100): FlowFormState {
  return {
    itemUrl: '',
    item: null,
    title: '',
    keywords: [''],
    configId: null,
    options: {},
    dailyCount,
    days: 1,
    startDate,
    preset: 'curve',
    distribution: presetDistribution('curve', dailyCount),
  };
}

/** A base service's default choices: the first option of each condition (the configs list the cheapest first). */
export function defaultOptions(config: BaseService | undefined): Record<number, number> {
  const options: Record<number, number> = {};
  for (const condition of config?.conditionList ?? []) {
    const first = condition.optionList[0];
    if (first) options[condition.id] = first.id;
  }
  return options;
}

/** The chosen option ids, in the config's condition order (one per condition). */
export function chosenOptionIds(config: BaseService | undefined, options: Record<number, number>): number[] {
  return (config?.conditionList ?? []).map((c) => options[c.id]).filter((id): id is number => id !== undefined);
}

export type FlowFormErrors = Partial<
  Record<'item' | 'title' | 'price' | 'keywords' | 'config' | 'options' | 'dailyCount' | 'days' | 'startDate' | 'distribution', string>
>;

/** Error keys (in the `flow` namespace), by field; empty when the form can be sent. */
export function validateFlowForm(
  state: FlowFormState,
  config: BaseService | undefined,
  opts: { requireStartDate: boolean; timeZone: string; now?: Date },
): FlowFormErrors {
  const errors: FlowFormErrors = {};
  if (!state.item) errors.item = 'error.itemRequired';
  else if (!state.title.trim()) errors.title = 'error.titleRequired';
  // NaN: the card's price field holds text that is not a price (ItemCard)
  if (typeof state.item?.price === 'number' && !Number.isSafeInteger(state.item.price)) errors.price = 'error.price';
  const keywords = state.keywords.map((k) => k.trim());
  if (keywords.filter(Boolean).length === 0) errors.keywords = 'error.keywordsRequired';
  else if (keywords.length > KEYWORDS_MAX) errors.keywords = 'error.keywordsTooMany';
  else if (keywords.some((k) => k.length > KEYWORD_MAX_LENGTH)) errors.keywords = 'error.keywordTooLong';
  else if (keywords.some((k) => !k)) errors.keywords = 'error.keywordEmpty';
  else if (new Set(keywords).size !== keywords.length) errors.keywords = 'error.keywordsDuplicate';
  if (!config) errors.config = 'error.configRequired';
  else if (config.conditionList.some((c) => state.options[c.id] === undefined || !c.optionList.some((o) => o.id === state.options[c.id])))
    errors.options = 'error.optionsRequired';
  if (!Number.isInteger(state.dailyCount) || state.dailyCount < DAILY_COUNT_MIN || state.dailyCount > DAILY_COUNT_MAX)
    errors.dailyCount = 'error.dailyCount';
  if (!Number.isInteger(state.days) || state.days < DAYS_MIN || state.days > DAYS_MAX) errors.days = 'error.days';
  if (opts.requireStartDate && !state.startDate) errors.startDate = 'error.startDateRequired';
  const problem: DistributionProblem | null = checkDistribution(state.distribution, state.dailyCount);
  if (problem) errors.distribution = `error.distribution.${problem}`;
  else if (opts.requireStartDate && state.startDate && !errors.days && state.dailyCount > 0) {
    const fromHour = firstDayFromHour(state.startDate, opts.now ?? new Date(), opts.timeZone);
    if (planTaskCount(state.distribution, state.dailyCount, state.days, fromHour) <= 0)
      errors.distribution = 'error.distribution.nothingToday';
  }
  return errors;
}

export function toPlanForm(state: FlowFormState, flowType: FlowType, config: BaseService): PlanForm {
  const item = state.item!;
  return {
    flowType,
    itemUrl: item.url || state.itemUrl.trim(),
    itemId: item.itemId,
    title: state.title.trim(),
    ...(item.image ? { image: item.image } : {}),
    ...(item.shopName?.trim() ? { shopName: item.shopName.trim() } : {}),
    ...(typeof item.price === 'number' && Number.isSafeInteger(item.price) ? { price: item.price } : {}),
    keywords: state.keywords.map((k) => k.trim()),
    configId: config.id,
    optionIds: chosenOptionIds(config, state.options),
    dailyCount: state.dailyCount,
    days: state.days,
    startDate: state.startDate,
    distribution: [...state.distribution],
  };
}

/** Form state from a stored template form (the template editor). */
export function fromTemplateForm(form: TemplateForm, config: BaseService | undefined): FlowFormState {
  const options: Record<number, number> = {};
  for (const condition of config?.conditionList ?? []) {
    const chosen = condition.optionList.find((o) => form.optionIds.includes(o.id));
    if (chosen) options[condition.id] = chosen.id;
  }
  return {
    itemUrl: form.itemUrl,
    // title left out of the item so the editor shows it as an editable field
    item: {
      itemId: form.itemId,
      url: form.itemUrl,
      title: null,
      image: form.image ?? null,
      shopName: form.shopName ?? null,
      price: form.price ?? null,
    },
    title: form.title,
    keywords: form.keywords.length ? [...form.keywords] : [''],
    configId: form.configId,
    options,
    dailyCount: form.dailyCount,
    days: form.days,
    startDate: form.startDate ?? '',
    preset: 'custom',
    distribution: [...form.distribution],
  };
}

/**
 * Apply a change to the form and keep the distribution consistent with it: a preset is recomputed
 * for a new daily count; a custom distribution is re-fitted keeping its shape. The distribution is
 * the full daily pattern whatever the start date (today's begun hours are cut at publish, first day only).
 */
export function applyFormChange(state: FlowFormState, patch: Partial<FlowFormState>): FlowFormState {
  const next = { ...state, ...patch };
  const scheduleChanged = patch.dailyCount !== undefined || patch.preset !== undefined;
  if (patch.distribution !== undefined && next.preset === 'custom') {
    // editing an hour: the daily count follows the hours, so their sum always equals it
    const distribution = next.distribution.map((n) => Math.max(0, Math.floor(n || 0)));
    return { ...next, distribution, dailyCount: distribution.reduce((a, n) => a + n, 0) };
  }
  if (!scheduleChanged) return next;
  if (!Number.isInteger(next.dailyCount) || next.dailyCount < 0) return next;
  const distribution =
    next.preset === 'custom' ? rescaleDistribution(next.distribution, next.dailyCount) : presetDistribution(next.preset, next.dailyCount);
  return { ...next, distribution };
}
