/**
 * A new seller's first plan acted in Chromium 80 (the floor) at 360 and 390 px, against a server of
 * its own whose Taobao provider points at the local fake: the share text pasted fills the item card,
 * 积分不足 offers 去充值 in the sticky bar, the sandbox payment's result offers 返回继续发布, the draft
 * comes back with every field, the plan publishes from the bar, and the seller stops it from the
 * phone's plan rows (the refund of a plan not yet started is its whole charge).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tomorrowInShanghai } from '../e2e/harness';
import { launchOldChromium, type OldBrowser } from './engines';
import {
  callApi,
  clickLabelled,
  clickShowing,
  fitsTheWindow,
  go,
  newSeller,
  phonePage,
  serverWithTaobao,
  signIn,
  valueOf,
  type OwnServer,
} from './acting';

let server: OwnServer;
let browser: OldBrowser;

beforeAll(async () => {
  server = await serverWithTaobao('old-first-plan');
  browser = await launchOldChromium('chromium-80');
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const call = <T>(path: string, body?: unknown, token?: string) => callApi<T>(server.baseURL, path, body, token);

describe.each([360, 390])('a first plan in Chromium 80 at %i px', (width) => {
  it('publish with a linked item, 积分不足, top up, back to the draft, publish, stop', async () => {
    const seller = await newSeller(server.baseURL, `139${String(width).padStart(4, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`);
    const { page, errors } = await phonePage(browser, { width, height: 800 });
    try {
      await signIn(page, server.baseURL, seller.phone, seller.password);

      await go(page, `${server.baseURL}/flow/tb`);
      await page.waitForSelector('[data-testid="item-url"]', { timeout: 30_000 });
      await page.type(
        '[data-testid="item-url"]',
        '【淘宝】https://item.taobao.com/item.htm?id=612345678901 「分享里的标题」 点击链接直接打开',
      );
      await page.click('[data-testid="item-lookup"]');
      await page.waitForSelector('[data-testid="item-card"]', { timeout: 30_000 });
      const value = (selector: string) => valueOf(page, selector);
      expect(await value('[data-testid="item-title"]')).toBe('保温杯 316不锈钢 大容量');
      await page.type('input[placeholder="关键词 1"]', '保温杯');
      const tomorrow = tomorrowInShanghai();
      // as a thumb picks it: the calendar's cell (tomorrow may be in the next month's panel)
      await page.click('[data-testid="start-date"] input');
      const cell = `document.querySelector('.ant-picker-dropdown td[title="${tomorrow}"]:not(.ant-picker-cell-disabled)')`;
      await page.waitForFunction(`Boolean(${cell}) || Boolean(document.querySelector('.ant-picker-header-next-btn'))`, { timeout: 10_000 });
      if (!(await page.evaluate<boolean>(`Boolean(${cell})`))) await page.click('.ant-picker-header-next-btn');
      await page.waitForFunction(`Boolean(${cell})`, { timeout: 10_000 });
      await page.evaluate<void>(`${cell}.click()`);
      const before = {
        url: await value('[data-testid="item-url"]'),
        title: await value('[data-testid="item-title"]'),
        shop: await value('[data-testid="item-shop"]'),
        keyword: await value('input[placeholder="关键词 1"]'),
        start: await value('[data-testid="start-date"] input'),
      };
      expect(before.start).toBe(tomorrow);

      // 积分不足: the sticky bar is on screen and offers 去充值
      await page.waitForSelector('[data-testid="short-note"]', { timeout: 10_000 });
      const bar = await page.evaluate<{ top: number; bottom: number; right: number }>(
        `(() => { const r = document.querySelector('[data-testid="publish-bar"]').getBoundingClientRect(); return { top: r.top, bottom: r.bottom, right: r.right }; })()`,
      );
      expect(bar.bottom).toBeLessThanOrEqual(800);
      expect(bar.top).toBeGreaterThan(600);
      expect(bar.right).toBeLessThanOrEqual(width);
      await page.click('[data-testid="publish-bar"] [data-testid="go-top-up"]');
      await page.waitForFunction("location.pathname === '/recharge/integral'", { timeout: 30_000 });
      await page.waitForSelector('[data-testid="return-to-form-top"]', { timeout: 30_000 });
      await clickLabelled(page, '支付宝');
      await page.click('[data-testid="checkout-pay"]');
      await page.waitForSelector('[data-testid="sandbox-pay"]', { timeout: 30_000 });
      await page.click('[data-testid="sandbox-pay"]');
      await page.waitForSelector('[data-testid="return-to-form"]', { timeout: 30_000 });
      await page.click('[data-testid="return-to-form"]');
      await page.waitForFunction("location.pathname === '/flow/tb'", { timeout: 30_000 });
      await page.waitForSelector('[data-testid="draft-restored"]', { timeout: 30_000 });
      expect({
        url: await value('[data-testid="item-url"]'),
        title: await value('[data-testid="item-title"]'),
        shop: await value('[data-testid="item-shop"]'),
        keyword: await value('input[placeholder="关键词 1"]'),
        start: await value('[data-testid="start-date"] input'),
      }).toEqual(before);
      expect(await page.evaluate<number>('document.querySelectorAll(\'[data-testid="short-note"]\').length')).toBe(0);

      const barTotal = await page.evaluate<string>('document.querySelector(\'[data-testid="publish-bar-total"]\').textContent');
      await page.click('[data-testid="publish-bar-button"]');
      await clickLabelled(page, '确认发布');
      await page.waitForFunction("location.pathname === '/plan/list'", { timeout: 30_000 });
      const token = await page.evaluate<string>("sessionStorage.getItem('token') || ''");
      const list = await call<{ list: Array<{ id: number; title: string; totalCost: number; status: string }> }>(
        '/api/plan/manage/list?page=1',
        undefined,
        token,
      );
      expect(list.list).toHaveLength(1);
      const plan = list.list[0]!;
      expect(plan).toMatchObject({ title: before.title, status: 'pending' });
      expect(barTotal.replace(/\D/g, '')).toBe(String(plan.totalCost));

      // stop it from the phone's rows: the details, 停止, the dialog's refund, 确认停止
      await page.waitForSelector('[data-testid="plan-row"]', { timeout: 30_000 });
      await page.click('[data-testid="plan-row"]');
      await page.waitForSelector('[data-testid="plan-details"]', { timeout: 30_000 });
      await clickShowing(page, '[data-testid="plan-details-actions"] button', '停止');
      await page.waitForSelector('[data-testid="stop-refund"]', { timeout: 20_000 });
      expect(await page.evaluate<string>('document.querySelector(\'[data-testid="stop-refund"]\').textContent')).toBe(
        plan.totalCost.toLocaleString('en-US'),
      );
      await clickLabelled(page, '确认停止');
      await expect
        .poll(
          async () =>
            (await call<{ list: Array<{ status: string; refunded: number }> }>('/api/plan/manage/list?page=1', undefined, token)).list[0],
          {
            timeout: 20_000,
          },
        )
        .toMatchObject({ status: 'stopped', refunded: plan.totalCost });
      expect(await fitsTheWindow(page)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
