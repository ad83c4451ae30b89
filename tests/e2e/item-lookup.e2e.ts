/**
 * The publish page's item card on a 390 px phone, against the platforms' local fakes: a server of
 * its own with the Taobao Open Platform and Pinduoduo providers pointed at fakes on loopback (keys
 * generated here). Pasting a share text fills the card (title, image, shop, price) from the fake,
 * every field stays editable, and the published plan keeps what the card showed; when the fake
 * fails (throttled, then never answering) the page shows its pending line without blocking the
 * form, says so in Chinese, and the seller goes on by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../server/test/support/processes.mjs';
import { newTaobaoAccount, startTaobaoFake, type TaobaoFake } from '../../server/test/support/fakes/taobao-top';
import { newPddAccount, startPddFake, type PddFake } from '../../server/test/support/fakes/pdd-ddk';
import { pddEnv, taobaoEnv } from '../../server/test/support/fakes/item-settings';
import { DEMO, login, openPage, tomorrowInShanghai, useBrowser, type OpenedPage } from './harness';

const browser = useBrowser();
let taobao: TaobaoFake;
let pdd: PddFake;
let server: ApiServer;
let dataDir: string;
let opened: OpenedPage;
let page: Page;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } as const;
// a 1x1 PNG the fake's image URL points at, served by the test's own route (no outside request)
const IMAGE = 'https://img.alicdn.com/bao/uploaded/i1/e2e-cup.png';

beforeAll(async () => {
  taobao = await startTaobaoFake(
    newTaobaoAccount({
      '612345678901': { title: '保温杯 316不锈钢 大容量', pictUrl: IMAGE, shopTitle: '某某旗舰店', nick: 'mm', zkFinalPrice: '39.90' },
    }),
  );
  pdd = await startPddFake(newPddAccount({}));
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-item-'));
  server = await startApiServer({
    built: true,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ITEM_PROVIDER_TIMEOUT_MS: '3000', ...taobaoEnv(taobao, 'hmac'), ...pddEnv(pdd) },
    // a fresh database migrates and seeds first: minutes on a loaded machine
    timeoutMs: 170_000,
    what: 'API server with the item providers',
  });
  opened = await openPage(browser(), '/login', { baseURL: server.baseURL, ...PHONE });
  page = opened.page;
  await page.route(IMAGE, (route) =>
    route.fulfill({
      contentType: 'image/png',
      body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
    }),
  );
  await login(page, DEMO.phone, DEMO.password);
}, 300_000);
afterAll(async () => {
  await opened?.context.close();
  await server?.stop();
  await taobao?.close();
  await pdd?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Pastes `text` into the link field as a phone's paste does (a paste event with the clipboard's text). */
async function paste(text: string) {
  const field = page.getByTestId('item-url');
  await field.fill('');
  await field.focus();
  await field.evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function token(): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem('token') ?? '');
}

describe('the item card at 390 px', () => {
  it('pasting a Taobao share text fills the card from the platform; edits are kept by the published plan', async () => {
    await page.goto('/flow/tb');
    await paste(
      '【淘宝】https://item.taobao.com/item.htm?id=612345678901&spm=a21n57 CZ3457 「分享里的标题」\n点击链接直接打开 或者 淘宝搜索直接打开',
    );
    const card = page.getByTestId('item-card');
    await card.waitFor();
    expect(await page.getByTestId('item-title').inputValue()).toBe('保温杯 316不锈钢 大容量');
    expect(await page.getByTestId('item-shop').inputValue()).toBe('某某旗舰店');
    expect(await page.getByTestId('item-price').inputValue()).toBe('39.9');
    expect(await page.getByTestId('item-image').getAttribute('src')).toBe(IMAGE);
    expect(await page.getByTestId('item-status').innerText()).toBe('已从平台获取商品信息，可修改后发布');
    expect(await noSideways()).toBe(true);
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // the fake was asked, signed with hmac
    expect(taobao.sent.at(-1)).toMatchObject({
      method: 'taobao.tbk.item.info.get',
      params: { sign_method: 'hmac', num_iids: '612345678901' },
    });

    // every field stays editable
    await page.getByTestId('item-title').fill('保温杯 大容量 办公室');
    await page.getByTestId('item-shop').fill('某某旗舰店（官方）');
    await page.getByTestId('item-price').fill('35.5');

    await page.getByPlaceholder('关键词 1').fill('保温杯');
    const startDate = tomorrowInShanghai();
    const date = page.getByTestId('start-date').locator('input');
    await date.click();
    await date.fill(startDate);
    await date.press('Enter');
    await page.getByTestId('publish').click();
    await page.getByRole('button', { name: '确认发布' }).click();
    await page.waitForURL('**/plan/list');

    const list = await fetch(`${server.baseURL}/api/plan/manage/list?keyword=${encodeURIComponent('保温杯 大容量 办公室')}`, {
      headers: { 't-token': await token(), 'x-requested-with': 'XMLHttpRequest' },
    }).then((r) => r.json() as Promise<{ data: { list: Array<Record<string, unknown>> } }>);
    expect(list.data.list[0]).toMatchObject({
      itemId: '612345678901',
      itemUrl: 'https://item.taobao.com/item.htm?id=612345678901',
      title: '保温杯 大容量 办公室',
      shopName: '某某旗舰店（官方）',
      image: IMAGE,
      price: 3550,
    });
  });

  it('a throttled platform: the card says so in Chinese, keeps the share text’s title, and the seller types the rest', async () => {
    taobao.failureMode = 'vendor-error';
    try {
      await page.goto('/flow/tb');
      await paste('【淘宝】https://item.taobao.com/item.htm?id=612345678902 CZ0001 「某某旗舰店 夏季新款连衣裙」 点击链接直接打开');
      await page.getByTestId('item-card').waitFor();
      expect(await page.getByTestId('item-status').innerText()).toBe('平台暂时没有返回商品信息，请手动填写，或稍后点击“查询”重试');
      expect(await page.getByTestId('item-title').inputValue()).toBe('某某旗舰店 夏季新款连衣裙');
      await page.getByTestId('item-shop').fill('手填的店铺');
      expect(await page.getByTestId('item-shop').inputValue()).toBe('手填的店铺');
      expect(await noSideways()).toBe(true);
    } finally {
      taobao.failureMode = 'none';
    }
  });

  it('a platform that does not answer: a pending line, the form stays usable, then the card goes on by hand', async () => {
    taobao.failureMode = 'no-answer';
    try {
      await page.goto('/flow/tb');
      await paste('https://detail.tmall.com/item.htm?id=598765432109');
      const pending = page.getByTestId('item-pending');
      await pending.waitFor();
      expect(await pending.innerText()).toContain('正在查询商品信息');
      // typing elsewhere while the lookup runs
      await page.getByPlaceholder('关键词 1').fill('连衣裙');
      expect(await page.getByPlaceholder('关键词 1').inputValue()).toBe('连衣裙');
      expect(await page.getByTestId('item-url').isEditable()).toBe(true);
      // the server gives up on the platform (ITEM_PROVIDER_TIMEOUT_MS here) and still answers the link
      await page.getByTestId('item-card').waitFor({ timeout: 15_000 });
      expect(await pending.count()).toBe(0);
      expect(await page.getByTestId('item-status').innerText()).toContain('请手动填写');
      // what was typed meanwhile, and the pasted link, are still there
      expect(await page.getByPlaceholder('关键词 1').inputValue()).toBe('连衣裙');
      expect(await page.getByTestId('item-url').inputValue()).toBe('https://detail.tmall.com/item.htm?id=598765432109');
      await page.getByTestId('item-title').fill('手填标题');
      expect(await page.getByTestId('item-title').inputValue()).toBe('手填标题');
    } finally {
      taobao.failureMode = 'none';
    }
  });

  it('an unrecognised link or a Pinduoduo item outside the programme: a clear Chinese line', async () => {
    await page.goto('/flow/tb');
    await paste('看看这个 https://example.com/not-a-product');
    const failed = page.getByTestId('item-failed');
    await failed.waitFor();
    expect(await failed.innerText()).toBe('无法识别该链接：请粘贴商品详情页链接，或 App「分享」复制的整段文字');
    expect(await page.getByTestId('item-card').count()).toBe(0);

    await page.goto('/flow/pdd');
    await paste('https://mobile.yangkeduo.com/goods.html?goods_id=345678901234&page_from=401');
    await page.getByTestId('item-card').waitFor();
    expect(await page.getByTestId('item-status').innerText()).toBe('平台未查到该商品（可能未参加推广或已下架），请手动填写商品标题等信息');
    expect(pdd.sent.at(-1)).toMatchObject({ type: 'pdd.ddk.goods.search' });
    expect(opened.errors).toEqual([]);
  });
});
