/**
 * Pinduoduo through 多多进宝 (gateway https://gw-api.pinduoduo.com/api/router): the goods id is
 * offline in the DDK APIs, so `pdd.ddk.goods.search` with the goods link as keyword answers its
 * goods_sign (and search_id), then `pdd.ddk.goods.detail` answers goods_name, goods_image_url,
 * min_group_price (fen) and mall_name. Both need the promotion slot `pid` (备案 done). Requests
 * are JSON POSTs: type, client_id, timestamp (Unix seconds), data_type JSON, the API's own
 * parameters, sign. Answers are `{goods_search_response: …}` / `{goods_detail_response: …}` or
 * `{error_response: {error_code, error_msg, sub_code, sub_msg, request_id}}`.
 */
import type { RecognisedItem } from '../links.ts';
import { pddSign } from '../signers.ts';
import {
  causeFromText,
  imageUrl,
  postToGateway,
  ProviderFailure,
  SHOP_MAX,
  text,
  TITLE_MAX,
  type ProductInfoProvider,
} from '../provider.ts';

export const PDD_DEFAULT_GATEWAY = 'https://gw-api.pinduoduo.com/api/router';

export interface PddSettings {
  clientId: string;
  clientSecret: string;
  pid: string;
  gatewayUrl: string;
}

type Answer = Record<string, unknown>;

// error codes the platform documents for rate limits (整体/接口/应用 流控)
const THROTTLE_CODES = new Set([70031, 70032, 70033, 70034, 52101, 52102, 52103]);

export function pddProvider(settings: PddSettings, now: () => Date = () => new Date()): ProductInfoProvider {
  async function call(type: string, apiParams: Record<string, string>, responseKey: string, signal: AbortSignal): Promise<Answer> {
    const params: Record<string, string> = {
      type,
      client_id: settings.clientId,
      timestamp: String(Math.floor(now().getTime() / 1000)),
      data_type: 'JSON',
      ...apiParams,
    };
    params.sign = pddSign(params, settings.clientSecret);
    const body = await postToGateway(settings.gatewayUrl, { json: params }, signal);
    const error = body.error_response as Answer | undefined;
    if (error) {
      const code = Number(error.error_code);
      const message = `PDD ${code} ${String(error.error_msg ?? '')} ${String(error.sub_code ?? '')} ${String(error.sub_msg ?? '')}`.trim();
      if (THROTTLE_CODES.has(code)) throw new ProviderFailure('throttled', message);
      throw new ProviderFailure(causeFromText(message) ?? 'refused', message);
    }
    const answer = body[responseKey];
    if (!answer || typeof answer !== 'object') throw new ProviderFailure('bad_answer', `PDD answer without ${responseKey}`);
    return answer as Answer;
  }

  return {
    name: 'pdd',
    gateway: settings.gatewayUrl,
    async lookup(item: RecognisedItem, signal: AbortSignal) {
      const search = await call('pdd.ddk.goods.search', { keyword: item.url, pid: settings.pid }, 'goods_search_response', signal);
      const [hit] = (Array.isArray(search.goods_list) ? search.goods_list : []) as Answer[];
      const goodsSign = text(hit?.goods_sign, 200);
      if (!goodsSign) return null;
      const searchId = text(search.search_id, 200);
      const detail = await call(
        'pdd.ddk.goods.detail',
        { goods_sign: goodsSign, pid: settings.pid, ...(searchId ? { search_id: searchId } : {}) },
        'goods_detail_response',
        signal,
      );
      const [goods] = (Array.isArray(detail.goods_details) ? detail.goods_details : []) as Answer[];
      if (!goods) return null;
      const price = Number(goods.min_group_price);
      return {
        title: text(goods.goods_name, TITLE_MAX),
        image: imageUrl(goods.goods_image_url) ?? imageUrl(goods.goods_thumbnail_url),
        shopName: text(goods.mall_name, SHOP_MAX),
        price: Number.isSafeInteger(price) && price >= 0 ? price : undefined,
      };
    },
  };
}
