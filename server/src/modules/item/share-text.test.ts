import { describe, expect, it } from 'vitest';
import { readShareText } from './share-text.ts';
import { recogniseItemLink, recogniseItemUrl, shortLinkPlatform } from './links.ts';
import { SHARE_FIXTURES } from './share-text.fixtures.ts';

describe('what the apps share (real texts, share-text.fixtures.ts)', () => {
  it.each(SHARE_FIXTURES.map((f) => [`${f.app}: ${f.text.slice(0, 40)}`, f] as const))('%s', (_name, fixture) => {
    const read = readShareText(fixture.text);
    expect(read.link?.href ?? null).toBe(fixture.link === null ? null : new URL(fixture.link).href);
    expect(read.title).toBe(fixture.title);
    const item = recogniseItemLink(fixture.text);
    expect(item ? { flowType: item.flowType, itemId: item.itemId } : null).toEqual(fixture.item);
    // what is not an item page is a short link of the same app, to follow on the server
    if (fixture.link && !fixture.item) {
      expect(shortLinkPlatform(new URL(fixture.link))).toBe({ 淘宝: 'tb', 京东: 'jd', 拼多多: 'pdd' }[fixture.app]);
    }
  });

  it('covers each app with a short link, a title and a page URL', () => {
    for (const app of ['淘宝', '京东', '拼多多'] as const) {
      const mine = SHARE_FIXTURES.filter((f) => f.app === app);
      expect(mine.some((f) => f.item === null && f.link)).toBe(true);
      expect(mine.some((f) => f.item !== null)).toBe(true);
    }
    expect(SHARE_FIXTURES.filter((f) => f.title).length).toBeGreaterThanOrEqual(6);
  });
});

describe('desktop and mobile product URLs', () => {
  it.each([
    [
      'https://item.taobao.com/item.htm?id=612345678901&spm=a21n57',
      'tb',
      '612345678901',
      'https://item.taobao.com/item.htm?id=612345678901',
    ],
    [
      'https://h5.m.taobao.com/awp/core/detail.htm?id=612345678901',
      'tb',
      '612345678901',
      'https://item.taobao.com/item.htm?id=612345678901',
    ],
    ['https://detail.m.tmall.com/item.htm?id=598765432109', 'tb', '598765432109', 'https://detail.tmall.com/item.htm?id=598765432109'],
    [
      'https://chaoshi.detail.tmall.com/item.htm?id=598765432109',
      'tb',
      '598765432109',
      'https://detail.tmall.com/item.htm?id=598765432109',
    ],
    ['https://world.taobao.com/item/612345678901.htm', 'tb', '612345678901', 'https://item.taobao.com/item.htm?id=612345678901'],
    ['item.jd.com/100012043978.html', 'jd', '100012043978', 'https://item.jd.com/100012043978.html'],
    ['https://item.m.jd.com/ware/view.action?wareId=100012043978', 'jd', '100012043978', 'https://item.jd.com/100012043978.html'],
    ['https://wqitem.jd.com/item/view?sku=100012043978', 'jd', '100012043978', 'https://item.jd.com/100012043978.html'],
    ['https://npcitem.jd.hk/100012043978.html', 'jd', '100012043978', 'https://item.jd.com/100012043978.html'],
    [
      'https://mobile.yangkeduo.com/goods2.html?ps=x&goods_id=345678901234',
      'pdd',
      '345678901234',
      'https://mobile.yangkeduo.com/goods.html?goods_id=345678901234',
    ],
  ])('%s', (link, flowType, itemId, url) => {
    expect(recogniseItemLink(link)).toEqual({ flowType, itemId, url });
  });

  it.each([
    'https://www.taobao.com/',
    'https://shop123.taobao.com/shop/view_shop.htm?id=123456789',
    'https://evil-taobao.com/item.htm?id=612345678901',
    'https://taobao.com.evil.example/item.htm?id=612345678901',
    'https://user:pw@item.taobao.com/item.htm?id=612345678901',
    'https://www.jd.com/100012043978.html',
    'https://mall.jd.com/index-1000000127.html',
    'ftp://item.jd.com/100012043978.html',
    'https://mobile.yangkeduo.com/goods1.html?ps=nRHAIw8UHc',
  ])('refuses %s', (link) => {
    expect(recogniseItemUrl(new URL(link))).toBeNull();
  });

  it('takes the first link and stops at CJK punctuation glued to it', () => {
    expect(readShareText('看这个：https://item.jd.com/100012043978.html，很好用').link?.href).toBe('https://item.jd.com/100012043978.html');
  });
});

describe('hostile or invisible characters', () => {
  it('the title keeps no control, direction-override or zero-width character', () => {
    const read = readShareText(
      '【淘宝】https://item.taobao.com/item.htm?id=612345678901 「\u0007\u202e保温杯\u200b 大容量\u001b[0m\u2066」',
    );
    expect(read.title).toBe('保温杯 大容量[0m');
    expect(readShareText('【淘宝】https://item.taobao.com/item.htm?id=612345678901 「\u202e\u200b」').title).toBeUndefined();
  });

  it('a zero-width character inside the link does not change the link', () => {
    expect(readShareText('【淘宝】https://m.tb.cn/h.Uvp\u200bmkC1?tk=sGbo\ufeffdnsOSIy 「宝贝」').link?.href).toBe(
      'https://m.tb.cn/h.UvpmkC1?tk=sGbodnsOSIy',
    );
  });
});
