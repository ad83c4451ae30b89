/**
 * GET /api/item/get (Taobao/Tmall and JD), /api/item/pdd/get and /api/item/pdd/store-name
 * (Pinduoduo): query `url` (a product link or share text) or `itemId` (with `flowType` for
 * /api/item/get, default tb). Answers {flowType, itemId, url, title?, image?, shopName?, price?}.
 */
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../http/errors.ts';

import { PLATFORM_LABELS, type FlowType } from '../../../../common/domain.ts';
import { canonicalUrl, isItemId, recogniseItemLink, UNRECOGNISED_LINK, type RecognisedItem } from './links.ts';
import type { ProductInfo, ProductInfoProvider } from './provider.ts';
import { msg, parseInput } from '../../http/validate.ts';
import * as routes from '../../../../common/routes.ts';

/** The app waits 30 s for a lookup; the provider gets a little less so we still answer the link. */
const PROVIDER_TIMEOUT_MS = 25_000;

const itemQuery = z
  .strictObject({
    url: z.string().trim().max(2000, msg('商品链接过长')).optional(),
    itemId: z.string().trim().optional(),
    flowType: z.enum(['tb', 'jd', 'pdd'], msg('平台类型不正确，应为 tb、jd 或 pdd')).optional(),
  })
  .refine((q) => Boolean(q.url || q.itemId), msg('请输入商品链接'));

/** Recognises the query's link (or id) and checks it belongs to one of `allowed`. */
export function resolveItemQuery(query: z.infer<typeof itemQuery>, allowed: readonly FlowType[], fallback: FlowType): RecognisedItem {
  let item: RecognisedItem | null;
  if (query.url) {
    item = recogniseItemLink(query.url);
  } else {
    if (!isItemId(query.itemId!)) throw badRequest('商品 ID 应为 5 到 20 位数字');
    const flowType = query.flowType ?? fallback;
    item = { flowType, itemId: query.itemId!, url: canonicalUrl(flowType, query.itemId!) };
  }
  if (!item) throw badRequest(UNRECOGNISED_LINK);
  if (query.flowType && query.flowType !== item.flowType) {
    throw badRequest(`该链接是${PLATFORM_LABELS[item.flowType]}商品，与所选平台（${PLATFORM_LABELS[query.flowType]}）不符`);
  }
  if (!allowed.includes(item.flowType)) {
    throw badRequest(`该链接是${PLATFORM_LABELS[item.flowType]}商品，请在${PLATFORM_LABELS[item.flowType]}平台下查询`);
  }
  return item;
}

/** Asks the provider, but a slow or failing provider never fails the lookup: the link still counts. */
export async function lookupItem(provider: ProductInfoProvider, item: RecognisedItem, log?: FastifyBaseLogger) {
  let info: ProductInfo = {};
  try {
    info = await provider.lookup(item, AbortSignal.timeout(PROVIDER_TIMEOUT_MS));
  } catch (err) {
    log?.warn({ err, provider: provider.name, item }, 'product info lookup failed; answering the link only');
  }
  const known = Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined && v !== null && v !== '')) as ProductInfo;
  return { ...item, ...known };
}

export interface ItemRoutesOptions {
  /** What is known about a product beyond its link (an outside service, chosen by modules/index.ts). */
  provider: ProductInfoProvider;
}

export async function itemRoutes(app: FastifyInstance, { provider }: ItemRoutesOptions) {
  const guard = { preHandler: app.requireUser };

  app.get(routes.itemGet.path, guard, async (request) => {
    const item = resolveItemQuery(parseInput(itemQuery, request.query), ['tb', 'jd'], 'tb');
    return ok(await lookupItem(provider, item, request.log));
  });
  app.get(routes.itemPddGet.path, guard, async (request) => {
    const item = resolveItemQuery(parseInput(itemQuery, request.query), ['pdd'], 'pdd');
    return ok(await lookupItem(provider, item, request.log));
  });
  app.get(routes.itemPddStoreName.path, guard, async (request) => {
    const item = resolveItemQuery(parseInput(itemQuery, request.query), ['pdd'], 'pdd');
    const found = await lookupItem(provider, item, request.log);
    return ok({ shopName: found.shopName ?? '' });
  });
}
