/**
 * JD through 京东联盟 (JD Union, gateway https://api.jd.com/routerjson):
 * `jd.union.open.goods.promotiongoodsinfo.query` (根据skuid查询商品信息) answers goodsName, imgUrl,
 * unitPrice (yuan). It gives no shop name; where the account is approved for
 * `jd.union.open.goods.query` (关键词商品查询接口【申请】, settings.goodsQuery) its shopInfo.shopName is
 * asked too. Requests are form POSTs: method, app_key, timestamp, format, v 1.0, sign_method md5,
 * 360buy_param_json, sign. Answers are `{<method with _>_responce: {code, queryResult}}` (JD's
 * spelling; `_response` read too) whose queryResult is a JSON string `{code: 200, message, data}`,
 * or `{error_response: {code, zh_desc, en_desc}}`.
 */
import type { RecognisedItem } from '../links.ts';
import { beijingTimestamp, jdSign } from '../signers.ts';
import {
  causeFromText,
  imageUrl,
  postToGateway,
  ProviderFailure,
  SHOP_MAX,
  text,
  TITLE_MAX,
  yuanToFen,
  type ProductInfoProvider,
} from '../provider.ts';

export const JD_UNION_DEFAULT_GATEWAY = 'https://api.jd.com/routerjson';

export interface JdUnionSettings {
  appKey: string;
  appSecret: string;
  gatewayUrl: string;
  /** The account is approved for jd.union.open.goods.query: ask it for the shop name. */
  goodsQuery: boolean;
}

type Answer = Record<string, unknown>;

export function jdUnionProvider(settings: JdUnionSettings, now: () => Date = () => new Date()): ProductInfoProvider {
  /** The parsed queryResult of `method`; its `data` array (empty when the sku is unknown). */
  async function query(method: string, param: unknown, signal: AbortSignal): Promise<Answer[]> {
    const params: Record<string, string> = {
      method,
      app_key: settings.appKey,
      timestamp: beijingTimestamp(now()),
      format: 'json',
      v: '1.0',
      sign_method: 'md5',
      '360buy_param_json': JSON.stringify(param),
    };
    params.sign = jdSign(params, settings.appSecret);
    const body = await postToGateway(settings.gatewayUrl, { form: params }, signal);
    const error = body.error_response as Answer | undefined;
    if (error) {
      const message = `JD ${String(error.code)} ${String(error.zh_desc ?? '')} ${String(error.en_desc ?? '')}`.trim();
      throw new ProviderFailure(causeFromText(message) ?? 'refused', message);
    }
    const key = method.replaceAll('.', '_');
    const envelope = (body[`${key}_responce`] ?? body[`${key}_response`]) as Answer | undefined;
    if (!envelope || typeof envelope.queryResult !== 'string')
      throw new ProviderFailure('bad_answer', `JD answer without ${key}_responce.queryResult`);
    let result: Answer;
    try {
      result = JSON.parse(envelope.queryResult) as Answer;
    } catch {
      throw new ProviderFailure('bad_answer', 'JD queryResult is not JSON');
    }
    const code = Number(result.code);
    if (code !== 200) {
      const message = `JD Union ${code} ${String(result.message ?? '')}`;
      throw new ProviderFailure(code === 429 ? 'throttled' : (causeFromText(message) ?? 'refused'), message);
    }
    return Array.isArray(result.data) ? (result.data as Answer[]) : [];
  }

  return {
    name: 'jd',
    gateway: settings.gatewayUrl,
    async lookup(item: RecognisedItem, signal: AbortSignal) {
      const [goods] = await query('jd.union.open.goods.promotiongoodsinfo.query', { skuIds: item.itemId }, signal);
      if (!goods) return null;
      const info = {
        title: text(goods.goodsName, TITLE_MAX),
        image: imageUrl(goods.imgUrl),
        price: yuanToFen(goods.unitPrice),
        shopName: undefined as string | undefined,
      };
      if (settings.goodsQuery) {
        try {
          const [detail] = await query('jd.union.open.goods.query', { goodsReqDTO: { skuIds: [Number(item.itemId)] } }, signal);
          info.shopName = text((detail?.shopInfo as Answer | undefined)?.shopName, SHOP_MAX);
        } catch (error) {
          // the shop name is extra: a refusal of this approved-only API keeps what the first call answered
          if (!(error instanceof ProviderFailure) || error.failure === 'timeout') throw error;
        }
      }
      return info;
    },
  };
}
