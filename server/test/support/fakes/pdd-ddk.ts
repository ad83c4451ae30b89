/**
 * A local stand-in for Pinduoduo's open platform gateway (gw-api.pinduoduo.com/api/router)
 * serving 多多进宝's `pdd.ddk.goods.search` and `pdd.ddk.goods.detail`, written from the vendor's
 * documentation (open.pinduoduo.com API 调用说明: 公共参数, 签名算法; the two APIs' pages). It checks
 * type, client_id, timestamp (Unix seconds, within 10 minutes), data_type, the signature (MD5 of
 * client_secret + sorted name+value + client_secret) and the promotion slot pid; it answers
 * `{goods_search_response: {goods_list, search_id, total_count, list_id}}`,
 * `{goods_detail_response: {goods_details}}` or `{error_response: {error_code, error_msg, sub_code,
 * sub_msg, request_id}}`. A goods link outside the programme answers an empty goods_list.
 */
import { createHash, randomBytes } from 'node:crypto';
import { header, startVendorFake, type FakeAnswer, type FakeRequest, type VendorFake } from './http-fake.ts';

export interface PddFakeGoods {
  goodsName: string;
  imageUrl: string;
  /** Fen. */
  minGroupPrice: number;
  mallName: string;
}

export interface PddAccount {
  clientId: string;
  clientSecret: string;
  pid: string;
  /** By goods_id. */
  goods: Record<string, PddFakeGoods>;
}

export interface PddCall {
  type: string;
  params: Record<string, string>;
}

export type PddFake = VendorFake<PddAccount, PddCall>;

export const newPddAccount = (goods: Record<string, PddFakeGoods> = {}): PddAccount => ({
  clientId: randomBytes(16).toString('hex'),
  clientSecret: randomBytes(20).toString('hex'),
  pid: `${10000000 + (randomBytes(3).readUIntBE(0, 3) % 9_000_000)}_${200000000 + (randomBytes(3).readUIntBE(0, 3) % 9_000_000)}`,
  goods,
});

const MAX_SKEW_S = 600;
const signOf = (goodsId: string) => `c9r2${createHash('sha1').update(goodsId).digest('base64url').slice(0, 24)}_JQ`;

export async function startPddFake(account: PddAccount = newPddAccount()): Promise<PddFake> {
  const requestId = () => `${Date.now()}${randomBytes(4).toString('hex')}`;
  const error = (code: number, msg: string, subMsg = ''): FakeAnswer => {
    fake.refusals.push(String(code));
    return {
      status: 200,
      body: { error_response: { error_code: code, error_msg: msg, sub_code: String(code), sub_msg: subMsg, request_id: requestId() } },
    };
  };
  const fake: PddFake = await startVendorFake<PddAccount, PddCall>(
    account,
    (request: FakeRequest) => {
      let params: Record<string, string> = Object.fromEntries(request.url.searchParams);
      const type = header(request, 'content-type');
      try {
        if (type.startsWith('application/json')) {
          const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
          params = {
            ...params,
            ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
          };
        } else if (type.startsWith('application/x-www-form-urlencoded')) {
          for (const [k, v] of new URLSearchParams(request.body.toString('utf8'))) params[k] = v;
        }
      } catch {
        return error(10000, '参数错误', 'body is not JSON');
      }
      if (params.client_id !== account.clientId) return error(10016, 'client_id不存在');
      const ts = Number(params.timestamp);
      if (!/^\d{10}$/.test(params.timestamp ?? '') || Math.abs(Date.now() / 1000 - ts) > MAX_SKEW_S)
        return error(10015, '时间戳已过期', 'timestamp超出范围');
      const signed = Object.keys(params)
        .filter((k) => k !== 'sign')
        .sort()
        .map((k) => `${k}${params[k]}`)
        .join('');
      const expected = createHash('md5')
        .update(`${account.clientSecret}${signed}${account.clientSecret}`, 'utf8')
        .digest('hex')
        .toUpperCase();
      if (params.sign !== expected) return error(10019, '签名错误', 'sign不正确');
      if (fake.failureMode === 'vendor-error') return error(70031, '调用过于频繁，请调整调用频率', '接口限流');
      if (params.pid !== account.pid) return error(60001, '推广位不存在或未备案', 'pid无效');
      fake.sent.push({ type: params.type ?? '', params });

      if (params.type === 'pdd.ddk.goods.search') {
        let goodsId: string;
        try {
          goodsId = new URL(params.keyword ?? '').searchParams.get('goods_id') ?? '';
        } catch {
          goodsId = '';
        }
        const goods = account.goods[goodsId];
        const list = goods
          ? [
              {
                goods_sign: signOf(goodsId),
                goods_name: goods.goodsName,
                goods_image_url: goods.imageUrl,
                min_group_price: goods.minGroupPrice,
                mall_name: goods.mallName,
              },
            ]
          : [];
        return {
          status: 200,
          body: {
            goods_search_response: {
              goods_list: list,
              list_id: requestId(),
              search_id: `sid_${requestId()}`,
              total_count: list.length,
              request_id: requestId(),
            },
          },
        };
      }
      if (params.type === 'pdd.ddk.goods.detail') {
        const entry = Object.entries(account.goods).find(([id]) => signOf(id) === params.goods_sign);
        if (!entry) return error(50001, '商品不存在', 'goods_sign无效');
        const [, goods] = entry;
        return {
          status: 200,
          body: {
            goods_detail_response: {
              goods_details: [
                {
                  goods_sign: params.goods_sign,
                  goods_name: goods.goodsName,
                  goods_image_url: goods.imageUrl,
                  goods_thumbnail_url: goods.imageUrl,
                  min_group_price: goods.minGroupPrice,
                  min_normal_price: goods.minGroupPrice + 500,
                  mall_name: goods.mallName,
                  sales_tip: '10万+',
                },
              ],
              request_id: requestId(),
            },
          },
        };
      }
      return error(10002, '接口不存在', `unknown type ${params.type}`);
    },
    () => ({ error_response: { error_code: 50000, error_msg: '系统内部错误', sub_code: '50000', sub_msg: '', request_id: requestId() } }),
  );
  return fake;
}
