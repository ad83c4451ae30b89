/**
 * Each platform's provider against its local fake (server/test/support/fakes): the real HTTP,
 * signing and answer parsing, with keys the test generates. Success, each error the gateway
 * answers (not in the programme, an old item id, throttling, a bad signature, a stale timestamp,
 * a 5xx), and a gateway that never answers (fake timers: the provider gives up when the lookup's
 * signal fires, here at the app's 30 s).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJdUnionFake, newJdUnionAccount, type JdUnionFake } from '../../../test/support/fakes/jd-union.ts';
import { newPddAccount, startPddFake, type PddFake } from '../../../test/support/fakes/pdd-ddk.ts';
import { newTaobaoAccount, startTaobaoFake, type TaobaoFake } from '../../../test/support/fakes/taobao-top.ts';
import { canonicalUrl, type RecognisedItem } from './links.ts';
import { ProviderFailure, type ProductInfoProvider } from './provider.ts';
import { jdUnionProvider } from './providers/jd.ts';
import { pddProvider } from './providers/pdd.ts';
import { taobaoProvider } from './providers/taobao.ts';
import { TOP_SIGN_METHODS } from './signers.ts';

const tbItem = (itemId: string): RecognisedItem => ({ flowType: 'tb', itemId, url: canonicalUrl('tb', itemId) });
const jdItem = (itemId: string): RecognisedItem => ({ flowType: 'jd', itemId, url: canonicalUrl('jd', itemId) });
const pddItem = (itemId: string): RecognisedItem => ({ flowType: 'pdd', itemId, url: canonicalUrl('pdd', itemId) });
const signal = () => AbortSignal.timeout(10_000);

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderFailure);
    return (error as ProviderFailure).failure;
  }
  throw new Error('answered, expected a failure');
}

/** The provider gives up when its lookup's signal fires at 30 s, not before (fake timers). */
async function givesUpAt30s(provider: ProductInfoProvider, item: RecognisedItem) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 30_000);
  let settled = false;
  const outcome = failure(provider.lookup(item, controller.signal)).finally(() => (settled = true));
  await vi.advanceTimersByTimeAsync(29_999);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await outcome).toBe('timeout');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Taobao Open Platform provider', () => {
  let fake: TaobaoFake;
  beforeAll(async () => {
    fake = await startTaobaoFake(
      newTaobaoAccount({
        '612345678901': {
          title: '保温杯 316不锈钢 大容量',
          pictUrl: '//img.alicdn.com/bao/uploaded/i1/cup.jpg',
          shopTitle: '某某旗舰店',
          nick: '某某旗舰店',
          zkFinalPrice: '39.90',
        },
        '612345678903': {
          title: `超长标题${'很'.repeat(150)}`,
          pictUrl: 'javascript:alert(1)',
          shopTitle: '店'.repeat(120),
          nick: 'n',
          zkFinalPrice: 'abc',
        },
        '698765432109': {
          title: '新款 升级后的商品',
          pictUrl: 'https://img.alicdn.com/bao/uploaded/i2/new.jpg',
          shopTitle: '新店',
          nick: 'xin',
          zkFinalPrice: '128',
          newId: 'PKxJMYnNYjt3tg3vdWfDPwUPt6-0Aoqb2TBYQbp808ixd',
        },
      }),
    );
  });
  afterAll(() => fake.close());
  const provider = (over: Partial<Parameters<typeof taobaoProvider>[0]> = {}, now?: () => Date) =>
    taobaoProvider(
      { appKey: fake.account.appKey, appSecret: fake.account.appSecret, gatewayUrl: `${fake.url}/router/rest`, signMethod: 'md5', ...over },
      now,
    );

  it.each(TOP_SIGN_METHODS)('answers title, image (https), shop and price (fen), signed with %s', async (signMethod) => {
    expect(await provider({ signMethod }).lookup(tbItem('612345678901'), signal())).toEqual({
      title: '保温杯 316不锈钢 大容量',
      image: 'https://img.alicdn.com/bao/uploaded/i1/cup.jpg',
      shopName: '某某旗舰店',
      price: 3990,
    });
    expect(fake.sent.at(-1)).toMatchObject({
      method: 'taobao.tbk.item.info.get',
      params: { num_iids: '612345678901', sign_method: signMethod, format: 'json', v: '2.0' },
    });
  });

  it('an old numeric id: converts the link with click.extract and asks again', async () => {
    fake.sent.length = 0;
    expect(await provider().lookup(tbItem('698765432109'), signal())).toMatchObject({ title: '新款 升级后的商品', price: 12800 });
    expect(fake.sent.map((c) => c.method)).toEqual([
      'taobao.tbk.item.info.get',
      'taobao.tbk.item.click.extract',
      'taobao.tbk.item.info.get',
    ]);
    expect(fake.refusals.at(-1)).toBe('15:isv.item-id-upgraded');
    expect(fake.sent.at(-1)!.params.num_iids).toBe('PKxJMYnNYjt3tg3vdWfDPwUPt6-0Aoqb2TBYQbp808ixd');
  });

  it('what the plan form could not publish is cut or left out: title and shop to 100 characters, a non-http image, a non-price', async () => {
    const info = await provider().lookup(tbItem('612345678903'), signal());
    expect(info?.title).toHaveLength(100);
    expect(info?.shopName).toHaveLength(100);
    expect(info?.image).toBeUndefined();
    expect(info?.price).toBeUndefined();
  });

  it('an item outside the programme: null (the platform does not know it)', async () => {
    expect(await provider().lookup(tbItem('600000000001'), signal())).toBeNull();
  });

  it('a wrong secret: auth (Invalid Signature); a wrong key: auth; a clock 20 minutes off: auth (Invalid Timestamp)', async () => {
    expect(await failure(provider({ appSecret: 'not-the-secret' }).lookup(tbItem('612345678901'), signal()))).toBe('auth');
    expect(fake.refusals.at(-1)).toBe('25');
    expect(await failure(provider({ appKey: '99999999' }).lookup(tbItem('612345678901'), signal()))).toBe('auth');
    expect(await failure(provider({}, () => new Date(Date.now() - 20 * 60_000)).lookup(tbItem('612345678901'), signal()))).toBe('auth');
    expect(fake.refusals.at(-1)).toBe('31');
  });

  it('App Call Limited: throttled; HTTP 500: network', async () => {
    fake.failureMode = 'vendor-error';
    expect(await failure(provider().lookup(tbItem('612345678901'), signal()))).toBe('throttled');
    expect(fake.refusals.at(-1)).toBe('7:accesscontrol.limited-by-app-access-count');
    fake.failureMode = 'http-500';
    expect(await failure(provider().lookup(tbItem('612345678901'), signal()))).toBe('network');
    fake.failureMode = 'none';
  });

  it('a gateway that never answers: timeout when the lookup gives up at 30 s', async () => {
    fake.failureMode = 'no-answer';
    try {
      await givesUpAt30s(provider(), tbItem('612345678901'));
    } finally {
      fake.failureMode = 'none';
    }
  });
});

describe('JD Union provider', () => {
  let fake: JdUnionFake;
  beforeAll(async () => {
    fake = await startJdUnionFake(
      newJdUnionAccount({
        '100012043978': {
          goodsName: '美的电饭煲 4L',
          imgUrl: 'https://img14.360buyimg.com/pop/jfs/t1/rice.jpg',
          unitPrice: 299,
          shopName: '美的京东自营旗舰店',
        },
        // JD's image CDN answered as plain http (as older JD Union answers give imgUrl)
        '100012043979': {
          goodsName: '美的电水壶',
          imgUrl: 'http://img14.360buyimg.com/n1/jfs/t1/kettle.jpg',
          unitPrice: 99,
          shopName: '美的京东自营旗舰店',
        },
      }),
    );
  });
  afterAll(() => fake.close());
  const provider = (over: Partial<Parameters<typeof jdUnionProvider>[0]> = {}, now?: () => Date) =>
    jdUnionProvider(
      { appKey: fake.account.appKey, appSecret: fake.account.appSecret, gatewayUrl: `${fake.url}/routerjson`, goodsQuery: true, ...over },
      now,
    );

  it('reads queryResult (a JSON string in the JSON) and the shop name from goods.query', async () => {
    expect(await provider().lookup(jdItem('100012043978'), signal())).toEqual({
      title: '美的电饭煲 4L',
      image: 'https://img14.360buyimg.com/pop/jfs/t1/rice.jpg',
      shopName: '美的京东自营旗舰店',
      price: 29900,
    });
    expect(fake.sent.map((c) => c.method).slice(-2)).toEqual(['jd.union.open.goods.promotiongoodsinfo.query', 'jd.union.open.goods.query']);
    expect(fake.sent.at(-2)!.param).toEqual({ skuIds: '100012043978' });
  });

  it('an http image is answered as https: the CSP (img-src https:) would block it on the card and in the plan', async () => {
    expect((await provider().lookup(jdItem('100012043979'), signal()))?.image).toBe('https://img14.360buyimg.com/n1/jfs/t1/kettle.jpg');
  });

  it('without the approved goods.query (or refused by it): no shop name, the rest still answered', async () => {
    expect((await provider({ goodsQuery: false }).lookup(jdItem('100012043978'), signal()))?.shopName).toBeUndefined();
    fake.account.goodsQueryApproved = false;
    expect(await provider().lookup(jdItem('100012043978'), signal())).toMatchObject({ title: '美的电饭煲 4L', shopName: undefined });
    fake.account.goodsQueryApproved = true;
  });

  it('a sku outside the programme: null', async () => {
    expect(await provider().lookup(jdItem('100000000001'), signal())).toBeNull();
  });

  it('a wrong secret, a wrong key, a stale timestamp: auth; throttling; HTTP 500', async () => {
    expect(await failure(provider({ appSecret: 'x' }).lookup(jdItem('100012043978'), signal()))).toBe('auth');
    expect(fake.refusals.at(-1)).toBe('20');
    expect(await failure(provider({ appKey: 'NOPE' }).lookup(jdItem('100012043978'), signal()))).toBe('auth');
    expect(await failure(provider({}, () => new Date(Date.now() + 15 * 60_000)).lookup(jdItem('100012043978'), signal()))).toBe('auth');
    fake.failureMode = 'vendor-error';
    expect(await failure(provider().lookup(jdItem('100012043978'), signal()))).toBe('throttled');
    fake.failureMode = 'http-500';
    expect(await failure(provider().lookup(jdItem('100012043978'), signal()))).toBe('network');
    fake.failureMode = 'none';
  });

  it('a gateway that never answers: timeout at 30 s', async () => {
    fake.failureMode = 'no-answer';
    try {
      await givesUpAt30s(provider(), jdItem('100012043978'));
    } finally {
      fake.failureMode = 'none';
    }
  });
});

describe('Pinduoduo provider', () => {
  let fake: PddFake;
  beforeAll(async () => {
    fake = await startPddFake(
      newPddAccount({
        '345678901234': {
          goodsName: '【百亿补贴】纸巾 24包',
          imageUrl: 'https://img.pddpic.com/goods/tissue.jpeg',
          minGroupPrice: 1990,
          mallName: '某某日用专营店',
        },
      }),
    );
  });
  afterAll(() => fake.close());
  const provider = (over: Partial<Parameters<typeof pddProvider>[0]> = {}, now?: () => Date) =>
    pddProvider(
      {
        clientId: fake.account.clientId,
        clientSecret: fake.account.clientSecret,
        pid: fake.account.pid,
        gatewayUrl: `${fake.url}/api/router`,
        ...over,
      },
      now,
    );

  it('goods.search with the link for the goods_sign, then goods.detail: title, image, price in fen, mall_name', async () => {
    fake.sent.length = 0;
    expect(await provider().lookup(pddItem('345678901234'), signal())).toEqual({
      title: '【百亿补贴】纸巾 24包',
      image: 'https://img.pddpic.com/goods/tissue.jpeg',
      shopName: '某某日用专营店',
      price: 1990,
    });
    expect(fake.sent.map((c) => c.type)).toEqual(['pdd.ddk.goods.search', 'pdd.ddk.goods.detail']);
    expect(fake.sent[0]!.params.keyword).toBe('https://mobile.yangkeduo.com/goods.html?goods_id=345678901234');
    expect(fake.sent[1]!.params.search_id).toMatch(/^sid_/);
  });

  it('goods outside the programme: null', async () => {
    expect(await provider().lookup(pddItem('300000000001'), signal())).toBeNull();
  });

  it('a wrong secret, an unknown client, a stale timestamp, an unregistered pid: auth; throttling: throttled', async () => {
    expect(await failure(provider({ clientSecret: 'x' }).lookup(pddItem('345678901234'), signal()))).toBe('auth');
    expect(fake.refusals.at(-1)).toBe('10019');
    expect(await failure(provider({ clientId: 'nope' }).lookup(pddItem('345678901234'), signal()))).toBe('auth');
    expect(await failure(provider({}, () => new Date(Date.now() - 11 * 60_000)).lookup(pddItem('345678901234'), signal()))).toBe('auth');
    expect(await failure(provider({ pid: '1_2' }).lookup(pddItem('345678901234'), signal()))).toBe('auth');
    fake.failureMode = 'vendor-error';
    expect(await failure(provider().lookup(pddItem('345678901234'), signal()))).toBe('throttled');
    expect(fake.refusals.at(-1)).toBe('70031');
    fake.failureMode = 'none';
  });

  it('a gateway that never answers: timeout at 30 s', async () => {
    fake.failureMode = 'no-answer';
    try {
      await givesUpAt30s(provider(), pddItem('345678901234'));
    } finally {
      fake.failureMode = 'none';
    }
  });
});
