/**
 * Taobao/Tmall through the Taobao Open Platform (淘宝联盟 affiliate APIs, gateway
 * https://gw.api.taobao.com/router/rest): `taobao.tbk.item.info.get` (淘宝客-公用-淘宝客商品详情查询)
 * answers title, main image, shop and price. Since Alimama's item-id upgrade it wants its own
 * string item ids; when it refuses or does not know the numeric id a link carries, the link is
 * converted with `taobao.tbk.item.click.extract` (淘宝客-公用-链接解析出商品id) and asked again.
 * Requests are form POSTs signed per settings.signMethod (md5, hmac, hmac-sha256; signers.ts);
 * answers are `{<api>_response: …}` or `{error_response: {code, msg, sub_code, sub_msg}}`.
 */
import type { RecognisedItem } from '../links.ts';
import { beijingTimestamp, topSign, type TopSignMethod } from '../signers.ts';
import {
  causeFromText,
  imageUrl,
  SHOP_MAX,
  TITLE_MAX,
  postToGateway,
  ProviderFailure,
  text,
  yuanToFen,
  type ProductInfo,
  type ProductInfoProvider,
} from '../provider.ts';

export const TAOBAO_DEFAULT_GATEWAY = 'https://gw.api.taobao.com/router/rest';

export interface TaobaoSettings {
  appKey: string;
  appSecret: string;
  gatewayUrl: string;
  signMethod: TopSignMethod;
}

type Answer = Record<string, unknown>;

/** A TOP error_response: throttling and refused credentials fail the lookup; an item error may mean the id needs converting. */
class TopError extends Error {
  constructor(
    readonly code: number,
    readonly subCode: string,
    message: string,
  ) {
    super(message);
  }
}

// TOP's platform error codes: 7 App Call Limited; 11/12 insufficient permissions; 25 Invalid
// Signature; 26/27 session; 28/29 app key; 30/31 timestamp.
const AUTH_CODES = new Set([11, 12, 24, 25, 26, 27, 28, 29, 30, 31]);

export function taobaoProvider(settings: TaobaoSettings, now: () => Date = () => new Date()): ProductInfoProvider {
  async function call(method: string, apiParams: Record<string, string>, signal: AbortSignal): Promise<Answer> {
    const params: Record<string, string> = {
      method,
      app_key: settings.appKey,
      timestamp: beijingTimestamp(now()),
      format: 'json',
      v: '2.0',
      sign_method: settings.signMethod,
      ...apiParams,
    };
    params.sign = topSign(params, settings.appSecret, settings.signMethod);
    const body = await postToGateway(settings.gatewayUrl, { form: params }, signal);
    const error = body.error_response as Answer | undefined;
    if (error) {
      const code = Number(error.code);
      const subCode = String(error.sub_code ?? '');
      const message = `TOP ${code} ${String(error.msg ?? '')} ${subCode} ${String(error.sub_msg ?? '')}`.trim();
      if (code === 7 || subCode.startsWith('accesscontrol.') || /call-limited|limited/.test(subCode))
        throw new ProviderFailure('throttled', message);
      if (AUTH_CODES.has(code)) throw new ProviderFailure('auth', message);
      if (subCode.startsWith('isp.')) throw new ProviderFailure('refused', message);
      throw new TopError(code, subCode, message);
    }
    const key = `${method.replace(/^taobao\./, '').replaceAll('.', '_')}_response`;
    const answer = body[key];
    if (!answer || typeof answer !== 'object') throw new ProviderFailure('bad_answer', `TOP answer without ${key}`);
    return answer as Answer;
  }

  async function itemInfo(numIid: string, signal: AbortSignal): Promise<ProductInfo | null> {
    const answer = await call('taobao.tbk.item.info.get', { num_iids: numIid, platform: '2' }, signal);
    const results = answer.results as Answer | undefined;
    const items = (results?.n_tbk_item ?? []) as Answer[];
    const found = Array.isArray(items) ? items[0] : undefined;
    if (!found) return null;
    // The newer answer groups fields (basic_info, price_promotion_info); the older one is flat.
    const basic = (found.basic_info ?? found) as Answer;
    const price = (found.price_promotion_info ?? found) as Answer;
    return {
      title: text(basic.title, TITLE_MAX),
      image: imageUrl(basic.pict_url),
      shopName: text(basic.shop_title, SHOP_MAX) ?? text(basic.nick, SHOP_MAX),
      price: yuanToFen(price.final_promotion_price ?? price.zk_final_price ?? price.reserve_price),
    };
  }

  return {
    name: 'taobao',
    gateway: settings.gatewayUrl,
    async lookup(item: RecognisedItem, signal: AbortSignal) {
      let direct: ProductInfo | null = null;
      try {
        direct = await itemInfo(item.itemId, signal);
      } catch (error) {
        if (!(error instanceof TopError)) throw error;
        // an old (numeric) id the API no longer takes: convert the link below
      }
      if (direct) return direct;
      let converted: string | undefined;
      try {
        const answer = await call('taobao.tbk.item.click.extract', { click_url: item.url }, signal);
        converted = text(answer.item_id, 100);
      } catch (error) {
        if (!(error instanceof TopError)) throw error;
        return null;
      }
      if (!converted || converted === item.itemId) return null;
      try {
        return await itemInfo(converted, signal);
      } catch (error) {
        if (error instanceof TopError) {
          const cause = causeFromText(error.message);
          if (cause) throw new ProviderFailure(cause, error.message);
          return null;
        }
        throw error;
      }
    },
  };
}
