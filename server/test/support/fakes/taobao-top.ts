/**
 * A local stand-in for the Taobao Open Platform gateway (淘宝联盟, /router/rest), written from the
 * vendor's documentation (open.taobao.com: 调用API签名, 错误码, taobao.tbk.item.info.get,
 * taobao.tbk.item.click.extract) rather than from an SDK. It checks what the gateway checks: the
 * system parameters (method, app_key, timestamp within 10 minutes of Beijing time, format, v 2.0,
 * sign_method), the signature (md5, hmac or hmac-sha256 with the secret the test generated), the
 * API's own parameters; and answers in the gateway's envelope: `{<api>_response: …}` or
 * `{error_response: {code, msg, sub_code, sub_msg, request_id}}`. The item catalogue decides the
 * business answers: an item in the programme, one that is not (empty results), and items whose
 * numeric id the API no longer takes (an isv error) until converted by click.extract.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { header, startVendorFake, type FakeAnswer, type FakeRequest, type VendorFake } from './http-fake.ts';

export interface TaobaoFakeItem {
  title: string;
  pictUrl: string;
  shopTitle: string;
  nick: string;
  zkFinalPrice: string;
  /** The Alimama string id; when set, the numeric id is refused as an old id and must be converted. */
  newId?: string;
}

export interface TaobaoAccount {
  appKey: string;
  appSecret: string;
  /** By numeric item id: the items in the affiliate programme. */
  items: Record<string, TaobaoFakeItem>;
}

export interface TaobaoCall {
  method: string;
  params: Record<string, string>;
}

export type TaobaoFake = VendorFake<TaobaoAccount, TaobaoCall>;

export const newTaobaoAccount = (items: Record<string, TaobaoFakeItem> = {}): TaobaoAccount => ({
  appKey: String(20000000 + (randomBytes(3).readUIntBE(0, 3) % 9_000_000)),
  appSecret: randomBytes(16).toString('hex'),
  items,
});

const MAX_SKEW_MS = 10 * 60_000;

function concatenated(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
}

function expectedSign(params: Record<string, string>, secret: string): string | null {
  const s = concatenated(params);
  switch (params.sign_method) {
    case 'md5':
      return createHash('md5').update(`${secret}${s}${secret}`, 'utf8').digest('hex').toUpperCase();
    case 'hmac':
      return createHmac('md5', secret).update(s, 'utf8').digest('hex').toUpperCase();
    case 'hmac-sha256':
      return createHmac('sha256', secret).update(s, 'utf8').digest('hex').toUpperCase();
    default:
      return null;
  }
}

/** `yyyy-MM-dd HH:mm:ss` read as Beijing time. */
const beijingMs = (ts: string) => (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(ts) ? Date.parse(`${ts.replace(' ', 'T')}+08:00`) : NaN);

export async function startTaobaoFake(account: TaobaoAccount = newTaobaoAccount()): Promise<TaobaoFake> {
  const requestId = () => randomBytes(6).toString('hex');
  const error = (code: number, msg: string, subCode?: string, subMsg?: string): FakeAnswer => {
    fake.refusals.push(subCode ? `${code}:${subCode}` : String(code));
    return {
      status: 200,
      body: { error_response: { code, msg, ...(subCode ? { sub_code: subCode, sub_msg: subMsg ?? '' } : {}), request_id: requestId() } },
    };
  };
  const itemBody = (numIid: string, item: TaobaoFakeItem) => ({
    num_iid: item.newId ?? numIid,
    title: item.title,
    pict_url: item.pictUrl,
    small_images: { string: [item.pictUrl] },
    reserve_price: item.zkFinalPrice,
    zk_final_price: item.zkFinalPrice,
    user_type: 1,
    provcity: '浙江 杭州',
    item_url: `https://detail.tmall.com/item.htm?id=${numIid}`,
    nick: item.nick,
    shop_title: item.shopTitle,
    seller_id: 2200000001,
    volume: 1520,
  });

  const fake: TaobaoFake = await startVendorFake<TaobaoAccount, TaobaoCall>(
    account,
    (request: FakeRequest) => {
      const params: Record<string, string> = Object.fromEntries(request.url.searchParams);
      if (header(request, 'content-type').startsWith('application/x-www-form-urlencoded')) {
        for (const [k, v] of new URLSearchParams(request.body.toString('utf8'))) params[k] = v;
      }
      if (!params.method) return error(21, 'Missing Method');
      if (!params.app_key) return error(28, 'Missing App Key');
      if (params.app_key !== account.appKey) return error(29, 'Invalid App Key', 'isv.appkey-not-exists');
      if (!params.timestamp) return error(30, 'Missing Timestamp');
      const ts = beijingMs(params.timestamp);
      if (Number.isNaN(ts) || Math.abs(Date.now() - ts) > MAX_SKEW_MS) return error(31, 'Invalid Timestamp');
      if (params.v !== '2.0') return error(33, 'Invalid Version');
      if (params.format !== 'json') return error(23, 'Invalid Format');
      if (!params.sign) return error(24, 'Missing Signature');
      const expected = expectedSign(params, account.appSecret);
      if (!expected) return error(41, 'Invalid Arguments', 'isv.invalid-parameter:sign_method');
      if (expected !== params.sign) return error(25, 'Invalid Signature');
      if (fake.failureMode === 'vendor-error')
        return error(7, 'App Call Limited', 'accesscontrol.limited-by-app-access-count', 'This ban will last for 59 more seconds');
      fake.sent.push({ method: params.method, params });

      if (params.method === 'taobao.tbk.item.info.get') {
        const ids = (params.num_iids ?? '').split(',').filter(Boolean);
        if (ids.length === 0) return error(40, 'Missing Required Arguments', 'isv.missing-parameter:num_iids');
        const found: unknown[] = [];
        for (const id of ids) {
          if (/^\d+$/.test(id)) {
            const item = account.items[id];
            if (item?.newId) return error(15, 'Remote service error', 'isv.item-id-upgraded', '商品ID已升级，请使用新版商品ID');
            if (item) found.push(itemBody(id, item));
          } else {
            const entry = Object.entries(account.items).find(([, item]) => item.newId === id);
            if (entry) found.push(itemBody(entry[0], entry[1]));
          }
        }
        // an item outside the programme: the answer has no n_tbk_item
        return {
          status: 200,
          body: { tbk_item_info_get_response: { results: found.length ? { n_tbk_item: found } : {}, request_id: requestId() } },
        };
      }
      if (params.method === 'taobao.tbk.item.click.extract') {
        let id: string;
        try {
          id = new URL(params.click_url ?? '').searchParams.get('id') ?? '';
        } catch {
          return error(41, 'Invalid Arguments', 'isv.invalid-parameter:click_url');
        }
        const item = account.items[id];
        if (!item) return error(15, 'Remote service error', 'isv.item-not-exist', '商品不存在或不在推广中');
        return { status: 200, body: { tbk_item_click_extract_response: { item_id: item.newId ?? id, request_id: requestId() } } };
      }
      return error(22, 'Invalid Method');
    },
    () => ({ error_response: { code: 15, msg: 'Remote service error', sub_code: 'isp.unknown-error', sub_msg: '服务暂时不可用' } }),
  );
  return fake;
}
