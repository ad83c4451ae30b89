/**
 * Calls of the publish-task screen (product §5, wire shapes §5a): platform config, item lookup
 * (30 s timeout, seed §9), plan creation and "save as template" from the form.
 */
import useSWR from 'swr';
import type { CreatedPlan, PlanConfig, PlanForm, TemplateForm } from '@common/api-types';
import type { FlowType } from '@common/domain';
import { apiGet, apiPost, ITEM_LOOKUP_TIMEOUT } from '@/lib/api';
import { setBusinessTimeZone } from './distribution';

/** What the item lookup answers: the id and canonical url, plus what a product-info provider knows. */
export interface ItemInfo {
  itemId: string;
  url: string;
  title?: string | null;
  image?: string | null;
  shopName?: string | null;
  price?: number | null;
}

export const PLAN_CONFIG_PATH = '/api/plan/config';

export function usePlanConfig(flowType: FlowType) {
  return useSWR<PlanConfig>([PLAN_CONFIG_PATH, { flowType }], { onSuccess: (config) => setBusinessTimeZone(config.timeZone) });
}

/** Item lookup; Pinduoduo has its own paths, its shop name comes from a second call when missing. */
export async function lookupItem(flowType: FlowType, url: string): Promise<ItemInfo> {
  const opts = { timeout: ITEM_LOOKUP_TIMEOUT };
  if (flowType !== 'pdd') return apiGet<ItemInfo>('/api/item/get', { url, flowType }, opts);
  const item = await apiGet<ItemInfo>('/api/item/pdd/get', { url }, opts);
  if (item.shopName) return item;
  try {
    const store = await apiGet<{ shopName?: string | null }>('/api/item/pdd/store-name', { url, itemId: item.itemId }, { ...opts, silent: true });
    return { ...item, shopName: store?.shopName ?? item.shopName };
  } catch {
    return item; // the shop name is optional: the lookup itself succeeded
  }
}

export const createPlan = (form: PlanForm) => apiPost<CreatedPlan>('/api/plan/create', form);

export const saveFormAsTemplate = (name: string, form: TemplateForm) => {
  const { startDate: _startDate, ...rest } = form;
  return apiPost<{ id: number }>('/api/plan/template/generate', { name, form: rest });
};
