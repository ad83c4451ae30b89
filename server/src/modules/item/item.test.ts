/**
 * The item endpoints end to end: recognition and its refusals, the providers off (the link and
 * share text only), the providers on against their local fakes (found, unknown, failed, the
 * cache, one call for concurrent lookups, the per-user and per-address limits), short links
 * through local stand-ins, the metrics and the console's provider state.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestEnv, createTestUser, grantRole, type TestEnv, type TestUser } from '../../../test/support/support.ts';
import { newJdUnionAccount, startJdUnionFake, type JdUnionFake } from '../../../test/support/fakes/jd-union.ts';
import { newPddAccount, startPddFake, type PddFake } from '../../../test/support/fakes/pdd-ddk.ts';
import { newTaobaoAccount, startTaobaoFake, type TaobaoFake } from '../../../test/support/fakes/taobao-top.ts';
import { jdUnionEnv, pddEnv, taobaoEnv } from '../../../test/support/fakes/item-settings.ts';
import { metricsRegistry } from '../../http/metrics.ts';
import { SHARE_FIXTURES } from './share-text.fixtures.ts';
import { itemLookupAttempts, itemLookupCache } from './tables.ts';
import { ITEM_SWEEP_EVERY_MS } from './routes.ts';
import { addressForLimit } from './lookup.ts';

const metric = async (name: string, labels: Record<string, string>) => {
  const m = (await metricsRegistry.getMetricsAsJSON()).find((x) => x.name === name);
  const v = (m?.values as Array<{ labels: Record<string, string>; value: number }> | undefined)?.find((x) =>
    Object.entries(labels).every(([k, val]) => String(x.labels[k]) === val),
  );
  return v?.value ?? 0;
};

describe('item endpoints with every provider off', () => {
  let env: TestEnv;
  let user: TestUser;
  beforeAll(async () => {
    env = await createTestEnv();
    user = await createTestUser(env);
  });
  afterAll(() => env?.close());

  it('needs a login', async () => {
    const res = await call(env, 'GET', '/api/item/get', { query: { url: 'https://item.jd.com/100012043978.html' } });
    expect(res.status).toBe(401);
  });

  it('answers Taobao and JD items on /api/item/get by link or id, saying no provider is on', async () => {
    const tb = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: 'https://detail.tmall.com/item.htm?id=598765432109' },
    });
    expect(tb.status).toBe(200);
    expect(tb.body.data).toEqual({
      flowType: 'tb',
      itemId: '598765432109',
      url: 'https://detail.tmall.com/item.htm?id=598765432109',
      lookup: 'off',
    });
    const jd = await call(env, 'GET', '/api/item/get', { token: user.token, query: { itemId: '100012043978', flowType: 'jd' } });
    expect(jd.body.data).toEqual({ flowType: 'jd', itemId: '100012043978', url: 'https://item.jd.com/100012043978.html', lookup: 'off' });
  });

  it('takes a whole share text and answers the title it carries', async () => {
    const res = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: {
        url: '【淘宝】限时特惠 https://item.taobao.com/item.htm?id=612345678901 CZ0001 「某某旗舰店 夏季新款连衣裙」 点击链接直接打开',
      },
    });
    expect(res.body.data).toMatchObject({ itemId: '612345678901', title: '某某旗舰店 夏季新款连衣裙', lookup: 'off' });
  });

  it('refuses garbage, other platforms and missing input with 400 in Chinese', async () => {
    for (const url of [
      'https://example.com/x',
      'hello world',
      '7(C8G93R9Dtxy)/ CA8888',
      'https://shop123.taobao.com/shop/view_shop.htm?id=123456789',
    ]) {
      const res = await call(env, 'GET', '/api/item/get', { token: user.token, query: { url } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('无法识别的商品链接');
    }
    const pddOnTb = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: 'https://mobile.yangkeduo.com/goods.html?goods_id=345678901234' },
    });
    expect(pddOnTb.status).toBe(400);
    expect(pddOnTb.body.message).toContain('拼多多');
    const tbOnPdd = await call(env, 'GET', '/api/item/pdd/get', {
      token: user.token,
      query: { url: 'https://item.taobao.com/item.htm?id=612345678901' },
    });
    expect(tbOnPdd.body.message).toContain('淘宝');
    const mismatch = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: 'https://item.jd.com/100012043978.html', flowType: 'tb' },
    });
    expect(mismatch.body.message).toContain('不符');
    // the platform the link belongs to, for the page to name it
    expect(mismatch.body.data).toEqual({ flowType: 'jd' });
    expect(pddOnTb.body.data).toEqual({ flowType: 'pdd' });
    const empty = await call(env, 'GET', '/api/item/get', { token: user.token });
    expect(empty.body.message).toBe('请输入商品链接');
    const badId = await call(env, 'GET', '/api/item/pdd/get', { token: user.token, query: { itemId: '12ab' } });
    expect(badId.status).toBe(400);
    const tooLong = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: `https://item.jd.com/1.html ${'x'.repeat(2100)}` },
    });
    expect(tooLong.status).toBe(400);
  });

  it('a short link whose host cannot be reached (no DNS here): 400 无法识别的商品链接, nothing else tried', async () => {
    const res = await call(env, 'GET', '/api/item/get', { token: user.token, query: { url: SHARE_FIXTURES[0]!.text } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('无法识别的商品链接');
  });

  it('answers Pinduoduo items and an empty store name when no provider knows one', async () => {
    const pdd = await call(env, 'GET', '/api/item/pdd/get', {
      token: user.token,
      query: { url: 'https://mobile.yangkeduo.com/goods.html?goods_id=345678901234' },
    });
    expect(pdd.body.data).toMatchObject({ flowType: 'pdd', itemId: '345678901234', lookup: 'off' });
    const store = await call(env, 'GET', '/api/item/pdd/store-name', { token: user.token, query: { itemId: '345678901234' } });
    expect(store.status).toBe(200);
    expect(store.body.data).toEqual({ shopName: '' });
  });
});

describe('item endpoints with the providers on (local fakes)', () => {
  let env: TestEnv;
  let user: TestUser;
  let taobao: TaobaoFake;
  let jd: JdUnionFake;
  let pdd: PddFake;
  let shortHost: ReturnType<typeof createServer>;

  beforeAll(async () => {
    taobao = await startTaobaoFake(
      newTaobaoAccount({
        '612345678901': {
          title: '保温杯 316不锈钢',
          pictUrl: '//img.alicdn.com/i1/cup.jpg',
          shopTitle: '某某旗舰店',
          nick: 'mm',
          zkFinalPrice: '39.90',
        },
      }),
    );
    jd = await startJdUnionFake(
      newJdUnionAccount({
        '100012043978': { goodsName: '美的电饭煲', imgUrl: 'https://img14.360buyimg.com/rice.jpg', unitPrice: 299, shopName: '美的自营' },
      }),
    );
    pdd = await startPddFake(
      newPddAccount({
        '345678901234': {
          goodsName: '纸巾 24包',
          imageUrl: 'https://img.pddpic.com/t.jpeg',
          minGroupPrice: 1990,
          mallName: '某某日用专营店',
        },
      }),
    );
    // a stand-in for 3.cn: every short link redirects to the JD item
    shortHost = createServer((_req, res) => res.writeHead(302, { location: 'https://item.m.jd.com/product/100012043978.html' }).end());
    await new Promise<void>((resolve) => shortHost.listen(0, '127.0.0.1', resolve));
    env = await createTestEnv({
      env: {
        ...taobaoEnv(taobao, 'hmac-sha256'),
        ...jdUnionEnv(jd),
        ...pddEnv(pdd),
        ITEM_LOOKUP_USER_LIMIT: '1000',
        ITEM_LOOKUP_IP_LIMIT: '1000',
      },
      items: {
        shortLinks: {
          resolve: async () => [{ address: '127.0.0.1', family: 4 }],
          addressAllowed: (a) => a === '127.0.0.1',
          anyPort: true,
        },
      },
    });
    user = await createTestUser(env);
  });
  afterAll(async () => {
    await env?.close();
    await Promise.all([taobao?.close(), jd?.close(), pdd?.close()]);
    shortHost?.closeAllConnections();
    shortHost?.close();
  });

  it('fills title, image, shop and price from each platform', async () => {
    const tb = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: 'https://item.taobao.com/item.htm?id=612345678901' },
    });
    expect(tb.body.data).toEqual({
      flowType: 'tb',
      itemId: '612345678901',
      url: 'https://item.taobao.com/item.htm?id=612345678901',
      title: '保温杯 316不锈钢',
      image: 'https://img.alicdn.com/i1/cup.jpg',
      shopName: '某某旗舰店',
      price: 3990,
      lookup: 'found',
    });
    const j = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: 'https://item.jd.com/100012043978.html', flowType: 'jd' },
    });
    expect(j.body.data).toMatchObject({ title: '美的电饭煲', shopName: '美的自营', price: 29900, lookup: 'found' });
    const p = await call(env, 'GET', '/api/item/pdd/get', {
      token: user.token,
      query: { url: 'https://mobile.yangkeduo.com/goods.html?goods_id=345678901234' },
    });
    expect(p.body.data).toMatchObject({ title: '纸巾 24包', shopName: '某某日用专营店', price: 1990, lookup: 'found' });
    const store = await call(env, 'GET', '/api/item/pdd/store-name', { token: user.token, query: { itemId: '345678901234' } });
    expect(store.body.data).toEqual({ shopName: '某某日用专营店' });
  });

  it("the platform's title wins over the share text's; the share text's stays when the platform does not know the item", async () => {
    const known = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: '【淘宝】https://item.taobao.com/item.htm?id=612345678901 「分享里的标题」' },
    });
    expect(known.body.data.title).toBe('保温杯 316不锈钢');
    const unknown = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: '【淘宝】https://item.taobao.com/item.htm?id=600000000002 「分享里的标题」' },
    });
    expect(unknown.body.data).toMatchObject({ itemId: '600000000002', title: '分享里的标题', lookup: 'unknown' });
  });

  it('answers from the cache the second time (shared table), and asks once for concurrent lookups', async () => {
    const before = jd.sent.length;
    await call(env, 'GET', '/api/item/get', { token: user.token, query: { itemId: '100012043978', flowType: 'jd' } });
    expect(jd.sent.length).toBe(before);
    expect(await metric('item_lookups_total', { platform: 'jd', result: 'hit' })).toBeGreaterThan(0);

    const calls = pdd.sent.length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(env, 'GET', '/api/item/pdd/get', { token: user.token, query: { itemId: '345678901299' } })),
    );
    expect(answers.every((a) => a.status === 200 && a.body.data.lookup === 'unknown')).toBe(true);
    expect(pdd.sent.length - calls).toBe(1); // one goods.search for all six (unknown: no detail call)
  });

  it('a cached answer expires after ITEM_CACHE_SECONDS', async () => {
    const before = taobao.sent.length;
    env.clock.advance(86_400_000 + 1000);
    await call(env, 'GET', '/api/item/get', { token: user.token, query: { url: 'https://item.taobao.com/item.htm?id=612345678901' } });
    expect(taobao.sent.length).toBe(before + 1);
  });

  it('a failing platform: the link still answers (lookup failed), the failure is counted and shown in the console', async () => {
    jd.failureMode = 'vendor-error';
    try {
      const res = await call(env, 'GET', '/api/item/get', { token: user.token, query: { itemId: '100012040001', flowType: 'jd' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        flowType: 'jd',
        itemId: '100012040001',
        url: 'https://item.jd.com/100012040001.html',
        lookup: 'failed',
      });
    } finally {
      jd.failureMode = 'none';
    }
    expect(await metric('item_provider_failures_total', { platform: 'jd', cause: 'throttled' })).toBeGreaterThan(0);
    const metrics = await call(env, 'GET', '/metrics');
    expect(String(metrics.body.message ?? '')).toMatch(/item_provider_failing_seconds\{platform="jd"\} \d+/);
    // A role change ends the account's sessions: grantRole signs it in again.
    const operator = await grantRole(env, await createTestUser(env), 'operator');
    const states = await call(env, 'GET', '/api/admin/item-providers', { token: operator.token });
    expect(states.status).toBe(200);
    const jdState = states.body.data.find((s: { platform: string }) => s.platform === 'jd');
    expect(jdState).toMatchObject({ enabled: true, gateway: jd.url, lastFailureCause: 'throttled' });
    expect(jdState.lastFailure).toContain('调用频率超过限制');
    expect(jdState.failingSince).not.toBeNull();
    // a success clears "failing since", keeps the last error for the record
    await call(env, 'GET', '/api/item/get', { token: user.token, query: { itemId: '100012040002', flowType: 'jd' } });
    const after = (await call(env, 'GET', '/api/admin/item-providers', { token: operator.token })).body.data.find(
      (s: { platform: string }) => s.platform === 'jd',
    );
    expect(after).toMatchObject({ failingSince: null, failingSeconds: 0, lastFailureCause: 'throttled' });
    expect(after.lastSuccessAt).not.toBeNull();
  });

  it('follows a short link in a share text to the item (a stand-in for 3.cn)', async () => {
    const port = (shortHost.address() as AddressInfo).port;
    const res = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: {
        url: `【京东】http://3.cn:${port}/35RO-7uG?jkl=@W0a0c28PhTuD@ CA1565 「【京东物流】100双中筒袜」\r\n点击链接直接打开 或者复制文案打开京东`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ flowType: 'jd', itemId: '100012043978', title: '美的电饭煲' });
  });
});

describe('limits and the console', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv({ env: { ITEM_LOOKUP_USER_LIMIT: '3', ITEM_LOOKUP_IP_LIMIT: '5', ITEM_LOOKUP_WINDOW_SECONDS: '600' } });
  });
  afterAll(() => env?.close());

  it('per user: the 4th lookup in the window is 429 in Chinese; the window frees it', async () => {
    const user = await createTestUser(env);
    const ask = () => call(env, 'GET', '/api/item/get', { token: user.token, query: { itemId: '100012043978', flowType: 'jd' } });
    for (let i = 0; i < 3; i += 1) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^商品查询过于频繁，请 \d+ 分钟后再试$/);
    env.clock.advance(601_000);
    expect((await ask()).status).toBe(200);
    // the attempts past the window are gone (client addresses are kept no longer than the limit needs)
    const rows = await env.ctx.db.select().from(itemLookupAttempts);
    expect(rows.every((r) => r.createdAt.getTime() > env.clock.now().getTime() - 600_000)).toBe(true);
  });

  it('per address: another user from the same address is refused past the address limit; invalid input is not counted', async () => {
    env.clock.advance(601_000);
    const a = await createTestUser(env);
    const b = await createTestUser(env);
    const ask = (u: TestUser) => call(env, 'GET', '/api/item/get', { token: u.token, query: { itemId: '100012043978', flowType: 'jd' } });
    for (let i = 0; i < 5; i += 1) {
      const bad = await call(env, 'GET', '/api/item/get', { token: a.token, query: { url: 'not a link' } });
      expect(bad.status).toBe(400);
    }
    for (let i = 0; i < 3; i += 1) expect((await ask(a)).status).toBe(200);
    expect((await ask(b)).status).toBe(200);
    expect((await ask(b)).status).toBe(200);
    expect((await ask(b)).status).toBe(429);
  });

  it('the address a limit counts by', () => {
    expect(addressForLimit('203.0.113.7')).toBe('203.0.113.7');
    expect(addressForLimit('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressForLimit('2408:8207:1850:aa01:5c3d:9e1f:22b0:7a11')).toBe('2408:8207:1850:aa01::/64');
    expect(addressForLimit('2408:8207:1850:AA01::1')).toBe('2408:8207:1850:aa01::/64');
    expect(addressForLimit('2408:0:0:1::')).toBe('2408:0:0:1::/64');
    expect(addressForLimit('2408::1')).toBe('2408:0:0:0::/64');
    expect(addressForLimit('::1')).toBe('0:0:0:0::/64');
    expect(addressForLimit('unknown')).toBe('unknown');
  });

  it('per address, IPv6 counts by /64: the addresses one host is given do not each get a limit', async () => {
    env.clock.advance(601_000);
    const users = [await createTestUser(env), await createTestUser(env), await createTestUser(env)];
    const ask = (u: TestUser, remoteAddress: string) =>
      env.app.inject({
        method: 'GET',
        url: '/api/item/get',
        query: { itemId: '100012043978', flowType: 'jd' },
        headers: { 't-token': u.token, 'x-requested-with': 'XMLHttpRequest' },
        remoteAddress,
      });
    // five lookups from five addresses of one /64 (each user stays under its own limit)
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await ask(users[i % 3]!, `2408:8207:1850:aa01::${(i + 1).toString(16)}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await ask(users[2]!, '2408:8207:1850:aa01:5c3d:9e1f:22b0:7a11')).statusCode).toBe(429);
    // another /64 is another address
    expect((await ask(users[2]!, '2408:8207:1850:aa02::1')).statusCode).toBe(200);
  });

  it("the console lists each platform's provider state (operator role), refuses others", async () => {
    const user = await createTestUser(env);
    expect((await call(env, 'GET', '/api/admin/item-providers')).status).toBe(401);
    expect((await call(env, 'GET', '/api/admin/item-providers', { token: user.token })).status).toBe(403);
    const staff = await grantRole(env, user, 'operator');
    const states = await call(env, 'GET', '/api/admin/item-providers', { token: staff.token });
    expect(states.body.data.map((s: { platform: string; enabled: boolean }) => [s.platform, s.enabled])).toEqual([
      ['taobao', false],
      ['jd', false],
      ['pdd', false],
    ]);
  });
});

describe('the sweep in a quiet hour', () => {
  it('removes attempts past the window and answers past their age although no lookup comes', async () => {
    // the job's timer is faked; the database and the clock are real and manual
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const env = await createTestEnv({ env: { ITEM_LOOKUP_WINDOW_SECONDS: '600', ITEM_CACHE_SECONDS: '86400' } });
    try {
      const { db } = env.ctx;
      const user = await createTestUser(env);
      const ago = (ms: number) => new Date(env.clock.now().getTime() - ms);
      await db.insert(itemLookupAttempts).values([
        { userId: user.id, requesterIp: '203.0.113.9', createdAt: ago(601_000) },
        { userId: user.id, requesterIp: '203.0.113.9', createdAt: ago(60_000) },
      ]);
      await db.insert(itemLookupCache).values([
        { flowType: 'jd', itemId: '100000000001', status: 'unknown', info: {}, fetchedAt: ago(86_401_000) },
        { flowType: 'jd', itemId: '100000000002', status: 'unknown', info: {}, fetchedAt: ago(3_600_000) },
      ]);
      // at once: the minute jobs' ticks find their first run still going and skip
      vi.advanceTimersByTime(ITEM_SWEEP_EVERY_MS);
      await vi.waitFor(async () => {
        const attempts = await db.select().from(itemLookupAttempts).where(eq(itemLookupAttempts.userId, user.id));
        expect(attempts.map((a) => a.createdAt.getTime())).toEqual([ago(60_000).getTime()]);
      }, 10_000);
      const answers = await db.select({ itemId: itemLookupCache.itemId }).from(itemLookupCache);
      expect(answers.map((a) => a.itemId)).toEqual(['100000000002']);
    } finally {
      vi.useRealTimers();
      await env.close();
    }
  });
});
