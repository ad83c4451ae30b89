/** Logged-in layout: top bar, dropdown items, the three dialogs, floating nav, scroll behaviour. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, controlsUnderFloatNav, DEMO, login, openPage, useBrowser } from './harness';

interface PlatformConfig {
  flowType: string;
  generalType: string;
  planConfigList: {
    id: number;
    name: string;
    integral: number;
    conditionList: { id: number; label: string; optionList: { integral: number }[] }[];
  }[];
}

const browser = useBrowser();
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await openPage(browser(), '/login');
  page = opened.page;
  close = () => opened.context.close();
  await login(page, DEMO.phone, DEMO.password);
});
afterAll(async () => {
  await close?.();
});

/** Opens the account menu by hovering it, as a mouse does: off it and back on when a hover went unseen (the page changed under the pointer). */
async function menuItem(name: string) {
  const item = page.getByRole('menuitem', { name });
  await expect
    .poll(
      async () => {
        await page.mouse.move(10, 500);
        await page.getByTestId('user-menu').hover();
        return item.waitFor({ timeout: 3_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return item;
}

describe('logged-in layout', () => {
  it('shows Home and Publish task, the balance, contact service, price table and avatar with level and phone', async () => {
    const header = page.locator('header.topbar');
    await header.getByText('首页', { exact: true }).waitFor();
    await header.getByText('发布任务').waitFor();
    const user = (
      await api<{ integral: number; memberLevelDesc: string }>('/api/user/user-data', {
        token: (await page.evaluate(() => sessionStorage.getItem('token')))!,
      })
    ).body!.data!;
    await expect.poll(() => page.getByTestId('balance').innerText()).toContain('积分余额');
    expect((await page.getByTestId('balance').innerText()).replace(/[,\s]/g, '')).toContain(String(user.integral));
    const profile = await page.getByTestId('user-menu').innerText();
    expect(profile).toContain(user.memberLevelDesc);
    expect(profile).toContain(DEMO.phone);
    expect(await page.getByTestId('user-menu').locator('img').getAttribute('src')).toMatch(/avatars\/.+\.svg$/);
    await header.getByText('发布任务').click();
    await page.waitForURL('**/flow/tb');
    // /flow alone opens the first platform
    await page.goto('/flow');
    await page.waitForURL('**/flow/tb');
    await page.locator('.topbar-logo').click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('dropdown items lead to the user center, top-up and membership pages', async () => {
    for (const [name, path] of [
      ['个人中心', '/user/center'],
      ['积分充值', '/recharge/integral'],
      ['会员升级', '/recharge/member'],
    ] as const) {
      await (await menuItem(name)).click();
      await page.waitForURL(`**${path}`);
    }
    await (await menuItem('修改密码')).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '修改密码' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '确认修改' }).waitFor();
    await dialog.getByRole('button', { name: /close|关闭/i }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await (await menuItem('退出登录')).evaluate((el) => el.className)).toContain('danger');
    await page.mouse.move(10, 500);
  });

  it("价格表 lists each platform's base costs and deep-visit ranges from full-data", async () => {
    const full = (await api<PlatformConfig[]>('/api/plan/config/full-data')).body!.data!;
    expect(full.length).toBe(3);
    await page.getByTestId('open-price').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '价格表' });
    await dialog.waitFor();
    const width = await page
      .locator('.ant-modal')
      .filter({ hasText: '价格表' })
      .evaluate((el) => getComputedStyle(el).width);
    expect(width).toBe('1100px');
    expect(await dialog.locator('.ant-modal-footer').count()).toBe(0);
    for (const platform of full) {
      await dialog.getByText(platform.generalType, { exact: true }).click();
      const sections = dialog.getByTestId('price-config');
      await expect.poll(() => sections.count()).toBe(platform.planConfigList.length);
      for (const [index, config] of platform.planConfigList.entries()) {
        const text = await sections.nth(index).innerText();
        expect(text).toContain(config.name);
        expect(text.replace(/,/g, '')).toContain(String(config.integral));
        for (const condition of config.conditionList) {
          const values = condition.optionList.map((o) => o.integral);
          const range = values.every((v) => v === 0) ? '--' : `${Math.min(...values)}~${Math.max(...values)}`;
          const row = sections.nth(index).locator('tbody tr').filter({ hasText: condition.label }).first();
          expect((await row.innerText()).replace(/,/g, '')).toContain(range);
        }
      }
    }
    expect(await dialog.innerText()).toContain('增值服务');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('运营咨询 shows the operator from /api/wechat/qr-code and reloads it when opened', async () => {
    const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
    const service = (await api<{ nickname: string; remark: string; wechatQr: string }>('/api/wechat/qr-code', { token })).body!.data!;
    await Promise.all([
      page.waitForRequest((request) => request.url().includes('/api/wechat/qr-code')),
      page.getByTestId('open-service').click(),
    ]);
    const dialog = page.getByRole('dialog').filter({ hasText: '运营咨询' });
    await dialog.waitFor();
    const width = await page
      .locator('.ant-modal')
      .filter({ hasText: '运营咨询' })
      .evaluate((el) => getComputedStyle(el).width);
    expect(width).toBe('660px');
    const text = await dialog.innerText();
    expect(text).toContain('微信客服，扫码联系');
    expect(text).toContain(`专属运营：${service.nickname}`);
    expect(text).toContain('在线时间：周一至周六9:00 ~ 18:00');
    if (service.remark) expect(text).toContain(service.remark);
    expect(await dialog.locator('img').first().getAttribute('src')).toBe(service.wechatQr);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('floating nav on a desktop: service panel shown by default beside the content, covering no control; a collapse is remembered; member; scroll to top', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => localStorage.removeItem('floatServicePanel'));
    await page.goto('/flow/tb');
    const panel = page.getByTestId('float-service-panel');
    await panel.waitFor();
    const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
    const nickname = (await api<{ nickname: string }>('/api/wechat/qr-code', { token })).body!.data!.nickname;
    await expect.poll(() => panel.innerText()).toContain(nickname);
    await page.getByTestId('publish').waitFor();
    // the content moves aside for the panel: nothing of the page lies under it
    const mainRight = await page.locator('main').evaluate((el) => el.getBoundingClientRect().right);
    expect(mainRight).toBeLessThanOrEqual(await panel.evaluate((el) => el.getBoundingClientRect().left));
    expect(await controlsUnderFloatNav(page)).toEqual([]);

    await page.getByTestId('float-collapse').click();
    await panel.waitFor({ state: 'hidden' });
    await page.mouse.move(10, 10);
    await page.reload();
    await page.getByTestId('float-service').waitFor();
    expect(await panel.count()).toBe(0); // the collapse is remembered
    expect(await controlsUnderFloatNav(page)).toEqual([]);
    await page.getByTestId('float-service').hover();
    await panel.waitFor();
    await page.mouse.move(10, 10);
    await panel.waitFor({ state: 'hidden' });
    await page.getByTestId('float-service').click(); // pins it open again, remembered too
    await page.mouse.move(10, 10);
    await page.reload();
    await panel.waitFor();

    await page.getByTestId('float-member').click();
    await page.waitForURL('**/recharge/member');
    await page.setViewportSize({ width: 1366, height: 400 });
    await page.goto('/user/center');
    await page.getByTestId('recommend-list').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 0);
    await page.getByTestId('float-top').click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('floating nav on a phone: below the content, never over a field or button of /flow/tb; 客服 opens the consultation dialog', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/flow/tb');
    await page.getByTestId('publish').waitFor();
    await page.getByTestId('float-nav').waitFor();
    expect(await controlsUnderFloatNav(page)).toEqual([]);
    await page.getByTestId('float-service').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '运营咨询' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('scrolls to the top after a navigation', async () => {
    await page.setViewportSize({ width: 1366, height: 400 });
    await page.goto('/user/center');
    await page.getByTestId('recommend-list').waitFor();
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(() => window.scrollY >= 250);
    await page.locator('.topbar-logo').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});
