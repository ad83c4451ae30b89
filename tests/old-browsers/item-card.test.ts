/**
 * The publish page's item card acted on in Chromium 80 (the floor) at 390 px, against a server of
 * its own whose Taobao provider points at the local fake (server/test/support/fakes): a pasted
 * share text fills the card and stays in the field; a platform that never answers shows the
 * pending line while the seller fills the form, then the card goes on by hand and the plan is
 * published with what was typed meanwhile; a JD link on the Taobao page names JD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../tools/signed-in.mjs';
import { tomorrowInShanghai } from '../e2e/harness';
import { launchOldChromium, type OldBrowser } from './engines';
import {
  callApi,
  clickLabelled,
  fitsTheWindow,
  go,
  phonePage,
  serverWithTaobao,
  signIn,
  valueOf,
  type Page,
  type TaobaoServer,
} from './acting';

let server: TaobaoServer;
let browser: OldBrowser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await serverWithTaobao('old-item');
  browser = await launchOldChromium('chromium-80');
  ({ page, errors } = await phonePage(browser));
  await signIn(page, server.baseURL, DEMO.phone, DEMO.password);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPublish() {
  await go(page, `${server.baseURL}/flow/tb`);
  await page.waitForSelector('[data-testid="item-url"]', { timeout: 30_000 });
}

/** A phone's paste: a paste event carrying the clipboard's text. */
const paste = (text: string) =>
  page.evaluate<void>(`(() => {
    const input = document.querySelector('[data-testid="item-url"]');
    input.focus();
    const data = new DataTransfer();
    data.setData('text/plain', ${JSON.stringify(text)});
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  })()`);
const value = (selector: string) => valueOf(page, selector);
const textOf = (testId: string) => page.evaluate<string>(`document.querySelector('[data-testid="${testId}"]').textContent`);
const KEYWORD = 'input[placeholder="关键词 1"]';

describe('the item card in Chromium 80 at 390 px', () => {
  it('a pasted share text fills the card from the platform and stays in the field', async () => {
    await openPublish();
    const share = '【淘宝】https://item.taobao.com/item.htm?id=612345678901 CZ3457 「分享里的标题」 点击链接直接打开';
    await paste(share);
    await page.waitForSelector('[data-testid="item-card"]', { timeout: 30_000 });
    expect(await value('[data-testid="item-title"]')).toBe('保温杯 316不锈钢 大容量');
    expect(await value('[data-testid="item-shop"]')).toBe('某某旗舰店');
    expect(await value('[data-testid="item-price"]')).toBe('39.9');
    expect(await textOf('item-status')).toBe('已从平台获取商品信息，可修改后发布');
    expect(await value('[data-testid="item-url"]')).toBe(share);
    expect(await fitsTheWindow(page)).toBe(true);
    expect(
      await page.evaluate<number>('document.querySelector(\'[data-testid="item-card"]\').getBoundingClientRect().right'),
    ).toBeLessThanOrEqual(390);
  });

  it('a platform that never answers: typing goes on, the card goes on by hand, the plan is published', async () => {
    server.taobao.failureMode = 'no-answer';
    try {
      await openPublish();
      await paste('https://detail.tmall.com/item.htm?id=598765432109');
      await page.waitForSelector('[data-testid="item-pending"]', { timeout: 10_000 });
      await page.type(KEYWORD, '连衣裙');
      // the server gives up on the platform (ITEM_PROVIDER_TIMEOUT_MS) and answers the link
      await page.waitForSelector('[data-testid="item-card"]', { timeout: 20_000 });
      expect(await textOf('item-status')).toBe('平台暂时没有返回商品信息，请手动填写，或稍后点击“查询”重试');
      expect(await value(KEYWORD)).toBe('连衣裙');
      expect(await value('[data-testid="item-url"]')).toBe('https://detail.tmall.com/item.htm?id=598765432109');
      await page.type('[data-testid="item-title"]', '手填标题');
      await page.type('[data-testid="item-shop"]', '手填店铺');
      const tomorrow = tomorrowInShanghai();
      await page.click('[data-testid="start-date"] input');
      await page.keyboard.down('Control');
      await page.keyboard.press('KeyA');
      await page.keyboard.up('Control');
      await page.type('[data-testid="start-date"] input', tomorrow);
      await page.keyboard.press('Enter');
      await page.click('[data-testid="publish"]');
      await clickLabelled(page, '确认发布');
      await page.waitForFunction("location.pathname === '/plan/list'", { timeout: 30_000 });
    } finally {
      server.taobao.failureMode = 'none';
    }
    const token = await page.evaluate<string>("sessionStorage.getItem('token') || ''");
    const list = await callApi<{ list: Array<Record<string, unknown>> }>(
      server.baseURL,
      `/api/plan/manage/list?keyword=${encodeURIComponent('手填标题')}`,
      undefined,
      token,
    );
    expect(list.list[0]).toMatchObject({ itemId: '598765432109', title: '手填标题', shopName: '手填店铺', keywords: ['连衣裙'] });
  });

  it('a JD link on the Taobao page: the line names JD', async () => {
    await openPublish();
    await paste('【京东】https://item.jd.com/100012043978.html 「美的电饭煲」 点击链接直接打开');
    await page.waitForSelector('[data-testid="item-failed"]', { timeout: 10_000 });
    expect(await textOf('item-failed')).toBe('这是京东的商品链接，请切换到“京东”后再查询');
    expect(errors).toEqual([]);
  });
});
