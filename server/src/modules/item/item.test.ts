import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestEnv, createTestUser, type TestEnv, type TestUser } from '../../../test/support/support.ts';
import { recogniseItemLink } from './index.ts';
import { lookupItem } from './index.ts';
import type { ProductInfoProvider } from './index.ts';

describe('recogniseItemLink', () => {
  it.each([
    [
      'https://item.taobao.com/item.htm?id=612345678901&spm=a21n57',
      'tb',
      '612345678901',
      'https://item.taobao.com/item.htm?id=612345678901',
    ],
    [
      'https://detail.tmall.com/item.htm?spm=x&id=598765432109&skuId=1',
      'tb',
      '598765432109',
      'https://detail.tmall.com/item.htm?id=598765432109',
    ],
    [
      'https://h5.m.taobao.com/awp/core/detail.htm?id=612345678901',
      'tb',
      '612345678901',
      'https://item.taobao.com/item.htm?id=612345678901',
    ],
    ['https://detail.m.tmall.com/item.htm?id=598765432109', 'tb', '598765432109', 'https://detail.tmall.com/item.htm?id=598765432109'],
    [
      '【淘宝】限时特惠 https://item.taobao.com/item.htm?id=612345678901 点击链接直接打开',
      'tb',
      '612345678901',
      'https://item.taobao.com/item.htm?id=612345678901',
    ],
    ['https://item.jd.com/100012043978.html', 'jd', '100012043978', 'https://item.jd.com/100012043978.html'],
    ['https://item.m.jd.com/product/100012043978.html?sid=abc', 'jd', '100012043978', 'https://item.jd.com/100012043978.html'],
    ['item.jd.com/100012043978.html', 'jd', '100012043978', 'https://item.jd.com/100012043978.html'],
    [
      'https://mobile.yangkeduo.com/goods.html?goods_id=345678901234&page_from=23',
      'pdd',
      '345678901234',
      'https://mobile.yangkeduo.com/goods.html?goods_id=345678901234',
    ],
    [
      'https://mobile.yangkeduo.com/goods2.html?ps=x&goods_id=345678901234',
      'pdd',
      '345678901234',
      'https://mobile.yangkeduo.com/goods.html?goods_id=345678901234',
    ],
  ])('%s -> %s %s', (link, flowType, itemId, url) => {
    expect(recogniseItemLink(link)).toEqual({ flowType, itemId, url });
  });

  it.each([
    '',
    'hello world',
    'https://www.taobao.com/',
    'https://item.taobao.com/item.htm?id=abc',
    'https://item.taobao.com/item.htm',
    'https://evil-taobao.com/item.htm?id=612345678901',
    'https://item.jd.com/list.html',
    'https://www.jd.com/100012043978.html',
    'https://mobile.yangkeduo.com/goods.html',
    'https://example.com/item.htm?id=612345678901',
    'javascript:alert(1)',
    'x'.repeat(3000),
  ])('refuses %s', (link) => {
    expect(recogniseItemLink(link)).toBeNull();
  });
});

describe('lookupItem with a product-info provider', () => {
  const item = { flowType: 'tb' as const, itemId: '612345678901', url: 'https://item.taobao.com/item.htm?id=612345678901' };
  it('merges what the provider knows', async () => {
    const provider: ProductInfoProvider = { name: 'fake', lookup: async () => ({ title: '保温杯', shopName: '某某旗舰店', price: 3990 }) };
    expect(await lookupItem(provider, item)).toEqual({ ...item, title: '保温杯', shopName: '某某旗舰店', price: 3990 });
  });
  it('still answers the link when the provider fails', async () => {
    const provider: ProductInfoProvider = {
      name: 'down',
      lookup: async () => {
        throw new Error('network down');
      },
    };
    expect(await lookupItem(provider, item)).toEqual(item);
  });
});

describe('item endpoints', () => {
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

  it('answers Taobao and JD items on /api/item/get, by link or by id', async () => {
    const tb = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: 'https://detail.tmall.com/item.htm?id=598765432109' },
    });
    expect(tb.status).toBe(200);
    expect(tb.body.data).toEqual({ flowType: 'tb', itemId: '598765432109', url: 'https://detail.tmall.com/item.htm?id=598765432109' });
    const jd = await call(env, 'GET', '/api/item/get', { token: user.token, query: { itemId: '100012043978', flowType: 'jd' } });
    expect(jd.body.data).toEqual({ flowType: 'jd', itemId: '100012043978', url: 'https://item.jd.com/100012043978.html' });
  });

  it('refuses garbage links, wrong platforms and missing input with 400 in Chinese', async () => {
    const garbage = await call(env, 'GET', '/api/item/get', { token: user.token, query: { url: 'https://example.com/x' } });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe('无法识别的商品链接');
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
    expect(tbOnPdd.status).toBe(400);
    expect(tbOnPdd.body.message).toContain('淘宝');
    const mismatch = await call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: 'https://item.jd.com/100012043978.html', flowType: 'tb' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toContain('不符');
    const empty = await call(env, 'GET', '/api/item/get', { token: user.token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请输入商品链接');
    const badId = await call(env, 'GET', '/api/item/pdd/get', { token: user.token, query: { itemId: '12ab' } });
    expect(badId.status).toBe(400);
  });

  it('answers Pinduoduo items and an empty store name when the provider knows none', async () => {
    const pdd = await call(env, 'GET', '/api/item/pdd/get', {
      token: user.token,
      query: { url: 'https://mobile.yangkeduo.com/goods.html?goods_id=345678901234' },
    });
    expect(pdd.body.data).toEqual({
      flowType: 'pdd',
      itemId: '345678901234',
      url: 'https://mobile.yangkeduo.com/goods.html?goods_id=345678901234',
    });
    const store = await call(env, 'GET', '/api/item/pdd/store-name', { token: user.token, query: { itemId: '345678901234' } });
    expect(store.status).toBe(200);
    expect(store.body.data).toEqual({ shopName: '' });
  });
});
