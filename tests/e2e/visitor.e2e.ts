/** Visitors: guard redirects, invite links, visitor top bar, layout pieces on visitor pages. */
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './harness';

const browser = useBrowser();

describe('visitor', () => {
  it('is sent to /login from every private route', async () => {
    const { page, context, errors } = await openPage(browser());
    for (const path of [
      '/',
      '/user/center',
      '/flow',
      '/flow/jd',
      '/plan',
      '/plan/template',
      '/recharge',
      '/recharge/record',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await page.waitForURL('**/login');
      await page.getByTestId('login-form').waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('may open /login, /register and /find-pwd', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/register');
    await page.getByTestId('register-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await page.goto('/find-pwd');
    await page.getByTestId('find-pwd-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/find-pwd');
    await page.getByTestId('to-login').click();
    await page.waitForURL('**/login');
    await page.getByTestId('to-register').click();
    await page.waitForURL('**/register');
    await context.close();
  });

  it('follows /sui/{id} and /smi/{id} to /login and pre-fills the invite code on /register', async () => {
    const { page, context } = await openPage(browser());
    for (const [prefix, id] of [
      ['sui', 'INVSUI1'],
      ['smi', 'INVSMI2'],
    ]) {
      await page.goto(`/${prefix}/${id}`);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByTestId('to-register').click();
      await page.waitForURL('**/register');
      await expect.poll(() => page.getByPlaceholder('请输入邀请码').inputValue()).toBe(id);
    }
    await context.close();
  });

  it('sees one "注册 / 登录" button, the publish entry leading to /login, and no Home item', async () => {
    const { page, context } = await openPage(browser(), '/register');
    const header = page.locator('header.topbar');
    await expect.poll(() => header.getByRole('button', { name: '注册 / 登录' }).count()).toBe(1);
    expect(await header.getByText('首页', { exact: true }).count()).toBe(0);
    expect(await header.getByText('积分余额').count()).toBe(0);
    await header.getByText('发布任务').click();
    await page.waitForURL('**/login');
    await page.goto('/register');
    await header.getByRole('button', { name: '注册 / 登录' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('shows the top announcement with its speaker icon, and the floating nav everywhere but /login', async () => {
    const { page, context } = await openPage(browser(), '/login');
    const banner = page.getByTestId('announcement');
    await banner.waitFor();
    expect((await banner.innerText()).trim().length).toBeGreaterThan(0);
    expect(await banner.locator('svg.announcement-icon').count()).toBe(1);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('float-nav').count()).toBe(0);
    await page.goto('/register');
    await page.getByTestId('float-nav').waitFor();
    // member item for a visitor goes to /login
    await page.getByTestId('float-member').click();
    await page.waitForURL('**/login');
    // and the nav, shown a moment ago, goes away on /login (not just late to load there)
    await page.getByTestId('float-nav').waitFor({ state: 'detached' });
    await context.close();
  });

  it('validates the login form before calling the server', async () => {
    const { page, context } = await openPage(browser(), '/login');
    const form = page.getByTestId('login-form');
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await form.getByText('请输入手机号').last().waitFor();
    await form.getByPlaceholder('请输入手机号').fill('12345678901');
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await form.getByText('请输入正确的手机号').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
