/**
 * /recharge: buy points with the sandbox method (top-bar balance follows without reload), buy a
 * membership (level in the avatar and /user/center, deadline there), the ledger and order record
 * list what happened; collect and contact-staff methods show how to pay.
 */
import type { Page } from 'playwright-core';
import { formatLocalDateTime } from '../../common/zoned-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openSignedInPage, registerUserViaApi, useBrowser, type OpenedPage } from './harness';

interface Goods {
  id: number;
  name: string;
  price: number;
  points?: number;
  level?: number;
  days?: number;
}
interface UserData {
  integral: number;
  memberLevel: number;
  memberLevelDesc: string;
  memberDeadline: string | null;
}

const browser = useBrowser();
let opened: OpenedPage;
let page: Page;
let token: string;
const userData = async () => (await api<UserData>('/api/user/user-data', { token })).body!.data!;
const digits = (s: string) => Number(s.replace(/[^\d]/g, ''));

beforeAll(async () => {
  const user = await registerUserViaApi();
  token = user.token;
  opened = await openSignedInPage(browser(), user);
  page = opened.page;
});
afterAll(async () => {
  await opened?.context.close();
});

describe('recharge', () => {
  it('buys points with the sandbox method; the top-bar balance changes without a reload', async () => {
    const before = (await userData()).integral;
    const packages = (await api<Goods[]>('/api/god/get?type=integral', { token })).body!.data!;
    const chosen = packages[1]!;
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: '积分充值' }).click();
    await page.waitForURL('**/recharge/integral');
    await page.getByTestId(`package-${chosen.id}`).click();
    expect(await page.getByTestId('checkout').innerText()).toContain(`应付 ¥${(chosen.price / 100).toFixed(2)}`);
    await page.getByTestId('pay-methods').getByText('支付宝', { exact: true }).click();
    await page.getByTestId('checkout-pay').click();
    const orderNo = await page.getByTestId('order-no').innerText();
    expect(orderNo).toMatch(/^\d{20}$/);
    await page.getByTestId('sandbox-pay').click();
    await page.getByTestId('pay-success').waitFor();
    const after = before + chosen.points!;
    expect(await page.getByTestId('pay-success').innerText()).toContain(`当前余额 ${after.toLocaleString('zh-CN')} 积分`);
    await expect.poll(async () => digits(await page.getByTestId('balance').innerText())).toBe(after);
    expect((await userData()).integral).toBe(after);
    expect(opened.errors).toEqual([]);
  });

  it('collect and contact-staff methods: the QR or bank account with the order number as remark; the service dialog', async () => {
    await page.getByRole('button', { name: /关\s*闭/ }).click(); // back to the package choice
    await page.getByTestId('pay-methods').getByText('银行卡转账', { exact: true }).click();
    await page.getByTestId('checkout-pay').click();
    const orderNo = await page.getByTestId('order-no').innerText();
    expect(await page.getByTestId('bank-account').innerText()).toContain('账号');
    expect(await page.getByTestId('transfer-remark').innerText()).toContain(orderNo);

    await page.goto('/recharge/integral');
    await page.getByTestId('pay-methods').getByText('支付宝转账', { exact: true }).click();
    await page.getByTestId('checkout-pay').click();
    const qr = page.getByTestId('collect-pay').getByAltText('收款二维码');
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByTestId('transfer-remark').innerText()).toContain(await page.getByTestId('order-no').innerText());

    await page.goto('/recharge/integral');
    await page.getByTestId('pay-methods').getByText('联系客服', { exact: true }).click();
    await page.getByTestId('checkout-pay').click();
    await page.getByTestId('service-modal').waitFor();
    expect(await page.getByTestId('staff-pay').innerText()).toContain('联系客服');
  });

  it('buys a membership; level in the avatar and /user/center, deadline in /user/center', async () => {
    await page.goto('/recharge/member');
    await page.getByTestId('level-3').waitFor();
    expect(await page.getByTestId('level-3').innerText()).toContain('发布计划享 9.5 折');
    const gold = (await api<Goods[]>('/api/god/get?type=member', { token })).body!.data!.find((g) => g.level === 3 && g.days === 30)!;
    await page.getByTestId(`buy-${gold.id}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('checkout-pay').click();
    await dialog.getByTestId('sandbox-pay').click();
    await dialog.getByTestId('pay-success').waitFor();
    const me = await userData();
    expect(me).toMatchObject({ memberLevel: 3, memberLevelDesc: '黄金会员' });
    const deadline = new Date(me.memberDeadline!);
    expect(Math.abs(deadline.getTime() - Date.now() - 30 * 86_400_000)).toBeLessThan(10 * 60_000);
    await expect.poll(() => page.getByTestId('user-menu').innerText()).toContain('黄金会员');
    // the avatar's ring turns gold (drawn by CSS, no image)
    const ring = await page
      .getByTestId('user-menu')
      .locator('.user-avatar')
      .evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(ring).toBe('linear-gradient(135deg, rgb(255, 229, 143), rgb(212, 136, 6))');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('member-current').innerText()).toBe('黄金会员');
    // a lower level than the active one cannot be bought (none here), the same level renews
    expect(await page.getByTestId(`buy-${gold.id}`).innerText()).toMatch(/续\s*费/);

    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.getByTestId('level-badge').waitFor();
    expect(await page.getByTestId('level-badge').innerText()).toBe('黄金会员');
    const shown = await page.getByTestId('member-deadline').innerText();
    // shown in the business time zone (the server's TZ_BUSINESS), whatever the browser's zone
    expect(shown).toBe(formatLocalDateTime(deadline, 'Asia/Shanghai'));
  });

  it('the ledger and the order record list what happened', async () => {
    await page.goto('/recharge/integral-details');
    const ledger = page.getByTestId('recharge-ledger');
    await ledger.locator('tbody tr.ant-table-row').first().waitFor();
    const firstRow = await ledger.locator('tbody tr.ant-table-row').first().innerText();
    expect(firstRow).toContain('充值');
    expect(firstRow).toMatch(/\+3,200/);
    const balanceAfter = await ledger.locator('tbody tr.ant-table-row').first().locator('td').nth(2).innerText();
    expect(digits(balanceAfter)).toBe((await userData()).integral);
    // a date range without activity empties the list; reset brings the rows back
    // found by their placeholders: the picker's code loads when its field is first used
    const filter = ledger.getByTestId('list-filter');
    await filter.getByPlaceholder('开始日期').click();
    await filter.getByPlaceholder('开始日期').fill('2020-01-01');
    await filter.getByPlaceholder('开始日期').press('Enter');
    await filter.getByPlaceholder('结束日期').fill('2020-01-31');
    await filter.getByPlaceholder('结束日期').press('Enter');
    await ledger.getByTestId('filter-search').click();
    await ledger.getByText('暂无积分明细').waitFor();
    await ledger.getByRole('button', { name: /重\s*置/ }).click();
    await ledger.locator('tbody tr.ant-table-row').first().waitFor();

    await page.getByTestId('recharge-tab-record').click();
    await page.waitForURL('**/recharge/record');
    const record = page.getByTestId('recharge-record');
    await record.locator('tbody tr.ant-table-row').first().waitFor();
    const rows = await record.locator('tbody tr.ant-table-row').allInnerTexts();
    expect(rows).toHaveLength(5);
    expect(rows[0]).toContain('黄金会员 30 天');
    expect(rows[0]).toContain('已支付');
    expect(rows[0]).toContain('99.00');
    expect(rows.some((r) => r.includes('银行卡转账') && r.includes('待支付'))).toBe(true);
    expect(rows.some((r) => r.includes('3,200 积分') && r.includes('支付宝') && r.includes('已支付'))).toBe(true);

    // filter by order number
    const orders = (await api<{ list: { orderNo: string; goodsName: string }[] }>('/api/order/list?type=record', { token })).body!.data!
      .list;
    const target = orders.find((o) => o.goodsName === '3200 积分')!;
    await page.getByTestId('filter-order-no').fill(target.orderNo);
    await page.getByTestId('filter-search').click();
    await expect.poll(() => record.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await record.locator('tbody tr.ant-table-row').first().innerText()).toContain(target.orderNo);
    expect(opened.errors).toEqual([]);
  });
});
