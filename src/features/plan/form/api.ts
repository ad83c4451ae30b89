/** The plan form's one call: the item lookup (30 s timeout) behind the product link field. */
import type { ItemInfo } from '@common/api-types';
import type { FlowType } from '@common/domain';
import { apiGet, ITEM_LOOKUP_TIMEOUT } from '@/lib/api';
import * as routes from '@common/routes';

export type { ItemInfo };

/**
 * Item lookup of a pasted link or share text; Pinduoduo has its own paths, its shop name comes
 * from a second call when missing. `signal` cancels it (the seller changed the link meanwhile).
 */
export async function lookupItem(flowType: FlowType, url: string, signal?: AbortSignal): Promise<ItemInfo> {
  const opts = { timeout: ITEM_LOOKUP_TIMEOUT, signal };
  if (flowType !== 'pdd') return apiGet(routes.itemGet, { url, flowType }, opts);
  const item = await apiGet(routes.itemPddGet, { url }, opts);
  if (item.shopName || item.lookup !== 'found') return item;
  try {
    const store = await apiGet<{ shopName?: string | null }>(routes.itemPddStoreName, { itemId: item.itemId }, { ...opts, silent: true });
    return { ...item, shopName: store?.shopName || item.shopName };
  } catch {
    return item; // the shop name is optional: the lookup itself succeeded
  }
}
