/**
 * GET /api/item/get (Taobao/Tmall and JD), /api/item/pdd/get and /api/item/pdd/store-name
 * (Pinduoduo): query `url` (a product link, a short link or the whole share text an app copied)
 * or `itemId` (with `flowType` for /api/item/get, default tb). Answers {flowType, itemId, url,
 * title?, image?, shopName?, price? (fen), lookup} (lookup.ts); store-name answers {shopName}.
 * Refusals: 400 `无法识别的商品链接` (and the field errors), 429 past the per-user or per-address
 * limit. A platform that fails or is off never fails the lookup: the link still counts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../http/errors.ts';
import { currentUser } from '../../http/context.ts';
import { PLATFORM_LABELS, type FlowType } from '../../../../common/domain.ts';
import { canonicalUrl, isItemId, type RecognisedItem } from './links.ts';
import { msg, parseInput } from '../../http/validate.ts';
import * as routes from '../../../../common/routes.ts';
import { SHARE_TEXT_MAX } from './share-text.ts';
import { ItemLookup, type ItemAnswer } from './lookup.ts';
import { startDeadline } from './deadline.ts';
import { AppError } from '../../http/errors.ts';
import { reportItemProviders } from '../../http/metrics.ts';
import { startPeriodicJob } from '../../db/exclusive.ts';
import { HOUR } from '../../lib/clock.ts';

/** How often expired attempts and answers are removed when no lookup does it (the policy's hourly deletion). */
export const ITEM_SWEEP_EVERY_MS = HOUR;

const itemQuery = z
  .strictObject({
    url: z.string().trim().max(SHARE_TEXT_MAX, msg('商品链接过长')).optional(),
    itemId: z.string().trim().optional(),
    flowType: z.enum(['tb', 'jd', 'pdd'], msg('平台类型不正确，应为 tb、jd 或 pdd')).optional(),
  })
  .refine((q) => Boolean(q.url || q.itemId), msg('请输入商品链接'));

type ItemQuery = z.infer<typeof itemQuery>;

/**
 * Checks that `item` belongs to one of `allowed` (and to the platform the query named); the refusal
 * carries the link's own platform (`data.flowType`) for the page to name it.
 */
function checkPlatform(item: RecognisedItem, query: ItemQuery, allowed: readonly FlowType[]): void {
  const data = { flowType: item.flowType };
  if (query.flowType && query.flowType !== item.flowType) {
    throw badRequest(`该链接是${PLATFORM_LABELS[item.flowType]}商品，与所选平台（${PLATFORM_LABELS[query.flowType]}）不符`, data);
  }
  if (!allowed.includes(item.flowType)) {
    throw badRequest(`该链接是${PLATFORM_LABELS[item.flowType]}商品，请在${PLATFORM_LABELS[item.flowType]}平台下查询`, data);
  }
}

export interface ItemRoutesOptions {
  /** The lookup with its providers (built from the settings by modules/index.ts). */
  lookup: ItemLookup;
}

export async function itemRoutes(app: FastifyInstance, { lookup }: ItemRoutesOptions) {
  const guard = { preHandler: app.requireUser };
  // item_provider_failing_seconds reads the shared status rows at each scrape
  reportItemProviders(() => lookup.providerStates());
  // lookups sweep as they come; this removes what a quiet hour left (one process at a time)
  const stopSweep = startPeriodicJob(
    app.ctx.exclusive,
    { name: 'item-lookup-sweep', everyMs: ITEM_SWEEP_EVERY_MS, run: () => lookup.removeExpired() },
    app.log,
  );
  app.addHook('onClose', async () => stopSweep());

  async function answer(
    request: { query: unknown; ip: string; user: unknown; log: FastifyInstance['log'] },
    allowed: readonly FlowType[],
    fallback: FlowType,
  ) {
    const query = parseInput(itemQuery, request.query);
    const user = currentUser(request as Parameters<typeof currentUser>[0]);
    const count = async () => {
      try {
        await lookup.countAttempt(user.id, request.ip || 'unknown');
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 429) lookup.countLimited(query.flowType ?? fallback);
        throw error;
      }
    };
    // the short link and the platform share one deadline: the answer leaves before the app's 30 s
    const deadline = startDeadline();
    try {
      let found: { item: RecognisedItem; title?: string };
      if (query.url) {
        found = await lookup.recognise(query.url, count, deadline.signal);
      } else {
        if (!isItemId(query.itemId!)) throw badRequest('商品 ID 应为 5 到 20 位数字');
        const flowType = query.flowType ?? fallback;
        await count();
        found = { item: { flowType, itemId: query.itemId!, url: canonicalUrl(flowType, query.itemId!) } };
      }
      checkPlatform(found.item, query, allowed);
      return await lookup.describe(found.item, found.title, request.log, deadline.signal);
    } finally {
      deadline.clear();
    }
  }

  app.get(routes.itemGet.path, guard, async (request) => ok<ItemAnswer>(await answer(request, ['tb', 'jd'], 'tb')));
  app.get(routes.itemPddGet.path, guard, async (request) => ok<ItemAnswer>(await answer(request, ['pdd'], 'pdd')));
  app.get(routes.itemPddStoreName.path, guard, async (request) => {
    const found = await answer(request, ['pdd'], 'pdd');
    return ok({ shopName: found.shopName ?? '' });
  });
}
