/**
 * A local stand-in for JD's open API gateway (api.jd.com/routerjson) serving 京东联盟's
 * `jd.union.open.goods.promotiongoodsinfo.query` and `jd.union.open.goods.query`, written from the
 * vendor's documentation (open.jd.com 签名规则; union.jd.com/openplatform API docs). It checks the
 * system parameters (method, app_key, timestamp within 10 minutes of Beijing time, v 1.0, format
 * json, sign_method md5), the signature (MD5 of secret + sorted name+value + secret, with the
 * secret the test generated) and 360buy_param_json; it answers in JD's envelope:
 * `{<method>_responce: {code: "0", queryResult: "<JSON string>"}}` (JD's spelling) whose
 * queryResult is `{code: 200, message, data, requestId}`, or `{error_response: {code, zh_desc, en_desc}}`.
 * A sku outside the programme answers code 200 with empty data.
 */
import { createHash, randomBytes } from 'node:crypto';
import { header, startVendorFake, type FakeAnswer, type FakeRequest, type VendorFake } from './http-fake.ts';

export interface JdFakeSku {
  goodsName: string;
  imgUrl: string;
  unitPrice: number;
  shopName: string;
}

export interface JdUnionAccount {
  appKey: string;
  appSecret: string;
  skus: Record<string, JdFakeSku>;
  /** Approved for jd.union.open.goods.query (the shop name). */
  goodsQueryApproved: boolean;
}

export interface JdCall {
  method: string;
  param: Record<string, unknown>;
}

export type JdUnionFake = VendorFake<JdUnionAccount, JdCall>;

export const newJdUnionAccount = (skus: Record<string, JdFakeSku> = {}, goodsQueryApproved = true): JdUnionAccount => ({
  appKey: randomBytes(16).toString('hex').toUpperCase(),
  appSecret: randomBytes(16).toString('hex'),
  skus,
  goodsQueryApproved,
});

const MAX_SKEW_MS = 10 * 60_000;
const beijingMs = (ts: string) =>
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{3})?$/.test(ts) ? Date.parse(`${ts.replace(' ', 'T')}+08:00`) : NaN;

export async function startJdUnionFake(account: JdUnionAccount = newJdUnionAccount()): Promise<JdUnionFake> {
  const requestId = () => `${Date.now()}_${randomBytes(4).toString('hex')}`;
  const error = (code: string, zh: string, en: string): FakeAnswer => {
    fake.refusals.push(code);
    return { status: 200, body: { error_response: { code, zh_desc: zh, en_desc: en } } };
  };
  const answer = (method: string, result: object): FakeAnswer => ({
    status: 200,
    body: {
      [`${method.replaceAll('.', '_')}_responce`]: { code: '0', queryResult: JSON.stringify({ ...result, requestId: requestId() }) },
    },
  });

  const fake: JdUnionFake = await startVendorFake<JdUnionAccount, JdCall>(
    account,
    (request: FakeRequest) => {
      const params: Record<string, string> = Object.fromEntries(request.url.searchParams);
      if (header(request, 'content-type').startsWith('application/x-www-form-urlencoded')) {
        for (const [k, v] of new URLSearchParams(request.body.toString('utf8'))) params[k] = v;
      }
      if (params.app_key !== account.appKey) return error('19', '无效的app_key', 'Invalid app_key');
      const ts = beijingMs(params.timestamp ?? '');
      if (Number.isNaN(ts) || Math.abs(Date.now() - ts) > MAX_SKEW_MS)
        return error('62', '时间戳错误，与服务器时间相差超过10分钟', 'Invalid timestamp');
      if (params.v !== '1.0' || params.sign_method !== 'md5' || (params.format ?? 'json') !== 'json')
        return error('66', '系统参数错误', 'Invalid system parameter');
      const signed = Object.keys(params)
        .filter((k) => k !== 'sign')
        .sort()
        .map((k) => `${k}${params[k]}`)
        .join('');
      const expected = createHash('md5').update(`${account.appSecret}${signed}${account.appSecret}`, 'utf8').digest('hex').toUpperCase();
      if (params.sign !== expected) return error('20', '签名无效', 'Invalid signature');
      if (fake.failureMode === 'vendor-error') return error('63', '调用频率超过限制', 'API call frequency limit exceeded');
      let param: Record<string, unknown>;
      try {
        param = JSON.parse(params['360buy_param_json'] ?? '') as Record<string, unknown>;
      } catch {
        return error('67', '业务参数不是合法的JSON', 'Invalid 360buy_param_json');
      }
      fake.sent.push({ method: params.method ?? '', param });

      if (params.method === 'jd.union.open.goods.promotiongoodsinfo.query') {
        if (typeof param.skuIds !== 'string' || !/^\d+(,\d+)*$/.test(param.skuIds))
          return answer(params.method, { code: 411, message: 'skuIds参数错误' });
        const data = param.skuIds
          .split(',')
          .filter((id) => account.skus[id])
          .map((id) => {
            const sku = account.skus[id]!;
            return {
              skuId: Number(id),
              goodsName: sku.goodsName,
              imgUrl: sku.imgUrl,
              unitPrice: sku.unitPrice,
              wlUnitPrice: sku.unitPrice,
              materialUrl: `item.jd.com/${id}.html`,
              shopId: 1000000127,
              isJdSale: 1,
              cidName: '家用电器',
              inOrderCount: 1200,
            };
          });
        return answer(params.method, { code: 200, message: 'success', data });
      }
      if (params.method === 'jd.union.open.goods.query') {
        if (!account.goodsQueryApproved) return answer(params.method, { code: 403, message: '无访问权限，请申请权限后调用' });
        const ids = ((param.goodsReqDTO as { skuIds?: number[] } | undefined)?.skuIds ?? []).map(String);
        const data = ids
          .filter((id) => account.skus[id])
          .map((id) => ({
            skuId: Number(id),
            skuName: account.skus[id]!.goodsName,
            shopInfo: { shopName: account.skus[id]!.shopName, shopId: 1000000127 },
          }));
        return answer(params.method, { code: 200, message: 'success', data, totalCount: data.length });
      }
      return error('22', '无效的方法', 'Invalid method');
    },
    () => ({ error_response: { code: '1', zh_desc: '服务不可用', en_desc: 'Service unavailable' } }),
  );
  return fake;
}
