/**
 * A new seller's first plan on a phone (390 x 844): the form filled, 积分不足, 去充值, paid through the
 * sandbox, 返回继续发布, and every field is as it was (the draft kept for the tab); the plan then
 * publishes with what was typed. The same trip on a wide screen from a template's publish dialog
 * comes back to that dialog.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, openSignedInPage, registerUserViaApi, tomorrowInShanghai, useBrowser } from './harness';

const browser = useBrowser();

/** Everything the form holds, as the seller sees it. */
async function formFields(page: Page) {
  const value = (testId: string) => page.getByTestId(testId).locator('input').first().inputValue();
  return {
    itemUrl: await page.getByTestId('item-url').inputValue(),
    title: await page.getByTestId('item-title').inputValue(),
    keywords: await page
      .getByTestId('keywords')
      .locator('input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    service: await page
      .getByTestId('base-service')
      .locator('input:checked')
      .evaluate((i) => i.closest('label')!.textContent),
    options: await page
      .getByTestId('conditions')
      .locator('input:checked')
      .evaluateAll((inputs) => inputs.map((i) => i.closest('label')!.textContent)),
    daily: await value('daily-count'),
    days: await value('days'),
    startDate: await value('start-date'),
    preset: await page
      .getByTestId('distribution-presets')
      .locator('input:checked')
      .evaluate((i) => i.closest('label')!.textContent),
    sum: await page.getByTestId('distribution-sum').innerText(),
    total: await page.getByTestId('summary-total').innerText(),
  };
}

describe('nothing lost on the way to a top-up', () => {
  it('publish → 积分不足 → 去充值 → pay → 返回继续发布 keeps every field, then publishes them', async () => {
    const user = await registerUserViaApi(); // 0 points
    const { page, context, errors } = await openSignedInPage(browser(), user, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.getByTestId('bottom-nav-publish').tap();
    await page.waitForURL('**/flow/tb');

    await page.getByTestId('item-url').fill('https://item.taobao.com/item.htm?id=7098765432');
    await page.getByTestId('item-lookup').tap();
    await page.getByTestId('item-card').waitFor();
    await page.getByTestId('item-title').fill('首单 保温杯 316 不锈钢');
    await page.getByPlaceholder('关键词 1').fill('保温杯');
    await page.getByText(/添加关键词/).tap();
    await page.getByPlaceholder('关键词 2').fill('不锈钢水杯');
    await page
      .getByTestId('base-service')
      .getByText(/搜索收藏/)
      .tap();
    await page.getByTestId('daily-count').locator('input').fill('30');
    await page.getByTestId('days').locator('input').fill('3');
    await page.getByTestId('days').locator('input').blur();
    const startDate = tomorrowInShanghai();
    await page.getByTestId('start-date').locator('input').click();
    await page.getByTestId('start-date').locator('input').fill(startDate);
    await page.getByTestId('start-date').locator('input').press('Enter');
    await page.getByText('平均分布').tap();
    await expect.poll(() => page.getByTestId('distribution-sum').innerText()).toBe('合计 30 / 每日 30');
    const before = await formFields(page);
    expect(before).toMatchObject({ keywords: ['保温杯', '不锈钢水杯'], daily: '30', days: '3', startDate });

    // 积分不足: the bar at the bottom offers 去充值
    await page.getByTestId('short-note').waitFor();
    await page.getByTestId('publish-bar').getByTestId('go-top-up').tap();
    await page.waitForURL('**/recharge/integral');
    await page.getByTestId('return-to-form-top').waitFor();
    await page.getByTestId('pay-methods').getByText('支付宝', { exact: true }).tap();
    await page.getByTestId('checkout-pay').tap();
    await page.getByTestId('sandbox-pay').tap();
    await page.getByTestId('pay-success').waitFor();
    // the payment result: 返回继续发布, no inserted space in 关闭
    expect(await page.getByRole('button', { name: '关闭', exact: true }).count()).toBe(1);
    await page.getByTestId('return-to-form').tap();
    await page.waitForURL('**/flow/tb');

    await page.getByTestId('draft-restored').waitFor();
    await page.getByTestId('item-card').waitFor();
    expect(await formFields(page)).toEqual(before);
    expect(await page.getByTestId('short-note').count()).toBe(0);

    // it publishes what was typed
    await page.getByTestId('publish-bar-button').tap();
    const confirm = await page.getByTestId('publish-confirm-text').innerText();
    expect(confirm).toContain('每日 30，共 3 天');
    expect(confirm).toContain(`实付 ${before.total.replace(' 积分', '')} 积分`);
    await page.getByRole('button', { name: '确认发布' }).tap();
    await page.waitForURL('**/plan/list');
    const list = await api<{
      list: Array<{
        title: string;
        keywords: string[];
        dailyCount: number;
        days: number;
        startDate: string;
        configName: string;
        distribution: number[];
      }>;
    }>('/api/plan/manage/list?page=1', { token: user.token });
    expect(list.body!.data!.list).toHaveLength(1);
    expect(list.body!.data!.list[0]).toMatchObject({
      title: '首单 保温杯 316 不锈钢',
      keywords: ['保温杯', '不锈钢水杯'],
      dailyCount: 30,
      days: 3,
      startDate,
      configName: '搜索收藏',
    });
    expect(new Set(list.body!.data!.list[0]!.distribution.map((n) => Math.round(n)))).toEqual(new Set([1, 2]));
    // the draft is gone once published: a new form starts afresh
    await page.getByTestId('bottom-nav-publish').tap();
    await page.getByTestId('item-url').waitFor();
    expect(await page.getByTestId('item-url').inputValue()).toBe('');
    expect(await page.getByTestId('draft-restored').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
