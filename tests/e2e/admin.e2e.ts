/**
 * The operator console at /admin, signed in as the demo account (made an admin by global-setup):
 * confirm a bank transfer from the pending queue in two clicks with a remark, adjust a user's
 * points, change a price and see it in the user-facing price table, open the 对账 page. Visitors are sent to /login,
 * users without a role see that they lack the permission, and /login loads none of the console.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, api, login, loginViaApi, openPage, registerUserViaApi, toast, useBrowser, type OpenedPage } from './harness';

const browser = useBrowser();
let opened: OpenedPage;
let page: Page;
let customer: { phone: string; password: string; token: string };
let adminToken: string;
const balance = async () => (await api<{ integral: number }>('/api/user/user-data', { token: customer.token })).body!.data!.integral;

beforeAll(async () => {
  customer = await registerUserViaApi();
  adminToken = await loginViaApi(DEMO.phone, DEMO.password);
  opened = await openPage(browser(), '/login');
  page = opened.page;
  await login(page, DEMO.phone, DEMO.password);
});
afterAll(async () => {
  await opened?.context.close();
});

describe('operator console', () => {
  it('confirms a pending bank transfer in two clicks with a remark; the customer is credited once', async () => {
    const order = await api<{ orderNo: string }>('/api/order/create', { token: customer.token, body: { goodsId: 1, payType: 6 } });
    const orderNo = order.body!.data!.orderNo;
    await page.goto('/admin');
    await page.waitForURL('**/admin/orders');
    const row = page.locator('tr', { hasText: orderNo });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(customer.phone);
    expect(await row.innerText()).toContain('银行卡转账');
    await row.getByRole('button', { name: '确认收款' }).click();
    const bubble = page.locator('.ant-popover').filter({ hasText: '确认已收到' });
    const ok = bubble.getByRole('button', { name: /确\s*定/ });
    expect(await ok.isDisabled()).toBe(true); // a remark is required
    await bubble.getByRole('textbox', { name: '备注' }).fill('工行到账 E2E');
    await ok.click();
    expect(await toast(page)).toContain('已确认收款');
    await expect.poll(() => row.count()).toBe(0);
    expect(await balance()).toBe(1000);
    const audit = await api<{ list: Array<{ action: string; actor: string; after: { remark: string } }> }>(
      `/api/admin/audit?action=order.confirm&actor=${DEMO.phone}`,
      { token: adminToken },
    );
    expect(audit.body!.data!.list[0]).toMatchObject({ action: 'order.confirm', after: { remark: '工行到账 E2E' } });
  });

  it('finds the user and adjusts their points through the ledger', async () => {
    const before = await balance();
    await page.getByRole('menuitem', { name: '用户' }).click();
    await page.getByRole('searchbox', { name: '手机号开头或末尾几位' }).fill(customer.phone);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: customer.phone }).click();
    await page.waitForURL(`**/admin/users/${customer.phone}`);
    await page.getByRole('button', { name: '调整积分' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '增减积分' });
    await dialog.getByRole('spinbutton').fill('50');
    await dialog.getByRole('textbox').fill('活动补偿');
    expect(await dialog.innerText()).toContain(`积分余额：${before.toLocaleString('zh-CN')} → ${(before + 50).toLocaleString('zh-CN')}`);
    // A double click on the dialog's button books the adjustment once.
    await dialog.getByRole('button', { name: /确\s*定/ }).dblclick();
    await expect.poll(() => page.getByTestId('admin-balance').innerText()).toBe((before + 50).toLocaleString('zh-CN'));
    expect(await balance()).toBe(before + 50);
    expect(await page.locator('tr', { hasText: '活动补偿' }).innerText()).toContain('+50');
  });

  it('deletes an account at the request of its owner: audited, shown as deleted, its session gone', async () => {
    const leaving = await registerUserViaApi();
    await page.goto(`/admin/users/${leaving.phone}`);
    await page.getByRole('button', { name: '注销账号' }).click();
    const bubble = page.locator('.ant-popover').filter({ hasText: '应用户本人请求注销' });
    await bubble.getByRole('textbox', { name: '备注' }).fill('客服工单 E2E');
    await bubble.getByRole('button', { name: /确\s*定/ }).click();
    expect(await toast(page)).toContain('账号已注销');
    await page.waitForURL((url) => url.pathname === '/admin/users');
    // The deleted account's page is not fetched again (its phone is gone): no error beside the success.
    expect(await page.locator('.ant-message-notice', { hasText: '用户不存在' }).count()).toBe(0);
    // The newest account, first in the list: named by its id, marked deleted.
    const first = page.locator('.ant-table-row').first();
    await expect.poll(() => first.innerText()).toMatch(/已注销用户 #\d+[\s\S]*已注销/);
    expect((await api('/api/user/user-data', { token: leaving.token })).status).toBe(401);
    const audit = await api<{ list: Array<{ action: string; target: string; after: { remark: string } }> }>(
      '/api/admin/audit?action=user.delete',
      { token: adminToken },
    );
    expect(audit.body!.data!.list[0]).toMatchObject({ action: 'user.delete', after: { remark: '客服工单 E2E' } });
    expect(JSON.stringify(audit.body!.data!.list[0])).not.toContain(leaving.phone);
    expect(opened.errors).toEqual([]);
  });

  it('changes a base service price and the user-facing price table shows it', async () => {
    const table = (
      await api<Array<{ planConfigList: Array<{ id: number; name: string; integral: number }> }>>('/api/plan/config/full-data')
    ).body!.data!;
    const service = table[0]!.planConfigList[0]!;
    const newPrice = service.integral + 3;
    try {
      await page.getByRole('menuitem', { name: '价格配置' }).click();
      await page.getByRole('button', { name: `编辑 ${service.name}` }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: '基础服务' });
      await dialog.getByRole('spinbutton').first().fill(String(newPrice));
      await expect.poll(() => dialog.innerText()).toContain(`${service.name}：${newPrice} 积分`); // the preview follows the form after its render
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => page.locator('tr', { hasText: service.name }).first().innerText()).toContain(`${newPrice} 积分`);

      await page.getByRole('link', { name: '返回前台' }).click();
      await page.getByTestId('open-price').click();
      const first = page.getByTestId('price-config').first();
      await expect.poll(() => first.innerText()).toContain(service.name);
      expect(await first.locator('.price-config-head strong').innerText()).toBe(newPrice.toLocaleString('zh-CN'));
    } finally {
      await api(`/api/admin/plan-configs/services/${service.id}`, { token: adminToken, body: { integral: service.integral } });
    }
  });

  it('the 对账 page lists the last reconciliation per gateway and day (none with the sandbox)', async () => {
    await page.goto(new URL('/admin/reconciliation', page.url()).href);
    await page.getByRole('heading', { name: '对账' }).waitFor();
    expect(await page.getByRole('menuitem', { name: '对账' }).count()).toBe(1);
    expect(await page.locator('.admin-content').innerText()).toContain('npm run ops -- reconcile');
    const reports = await api<unknown[]>('/api/admin/reconciliation', { token: adminToken });
    expect(reports.body!.data).toEqual([]);
    // Two empty tables: the reports, and below them the refunds to make (待退款, #34).
    await page.getByRole('heading', { name: '待退款：已注销账号的到账' }).waitFor();
    expect(await page.locator('.ant-table-placeholder').count()).toBe(2);
  });

  it('a visitor is sent to /login; a user without a role is told so; /login loads none of the console', async () => {
    const visitor = await openPage(browser());
    const scripts: string[] = [];
    visitor.page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await visitor.page.goto('/admin/orders');
    await visitor.page.waitForURL('**/login');
    await visitor.page.getByTestId('login-form').waitFor();
    expect(scripts.filter((s) => /AdminApp|StatsPage|uPlot/i.test(s))).toEqual([]);
    await login(visitor.page, customer.phone, customer.password);
    await visitor.page.goto('/admin');
    await visitor.page.getByText('没有权限').waitFor();
    expect(await visitor.page.getByText('您的账号没有运营后台权限').count()).toBe(1);
    await visitor.context.close();
  });
});
