/** The plan form's one call: the item lookup (30 s timeout) behind the product link field. */
import type { FlowType } from '@common/domain';
import { apiGet, ITEM_LOOKUP_TIMEOUT } from '@/lib/api';

/** What the item lookup answers: the id and canonical url, plus what a product-info provider knows. */
export interface ItemInfo {
  itemId: string;
  url: string;
  title?: string | null;
  image?: string | null;
  shopName?: string | null;
  price?: number | null;
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
