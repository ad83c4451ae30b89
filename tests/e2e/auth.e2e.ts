/** Registration, login, find password, change password, log out and 401 handling, in the browser. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  DEMO,
  login,
  openPage,
  openSignedInPage,
  registerUser,
  registerUserViaApi,
  requestSmsCode,
  sessionToken,
  toast,
  useBrowser,
  type TestUser,
} from './harness';

const browser = useBrowser();
// Registered up front: the server allows one SMS per phone per 60 s, so the later code requests of
// these users wait out one window together instead of one after the other.
let forgetful: TestUser & { token: string };
let changer: TestUser & { token: string };
beforeAll(async () => {
  [forgetful, changer] = await Promise.all([registerUserViaApi(), registerUserViaApi()]);
});

describe('auth screens', () => {
  it('registers with the SMS code from the dev outbox and lands logged in on /', async () => {
    const { page, context, errors } = await openPage(browser(), '/register');
    const user = await registerUser(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('balance').waitFor();
    await expect.poll(() => page.getByTestId('user-menu').innerText()).toContain(user.phone);
    expect(await sessionToken(page)).toBeTruthy();
    // the new account logs in with its password
    expect((await api('/api/user/pwd-login', { body: { phone: user.phone, password: user.password } })).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after login goes to the page first asked for', async () => {
    const { page, context } = await openPage(browser(), '/user/center');
    await page.waitForURL('**/login');
    await login(page, DEMO.phone, DEMO.password);
    expect(new URL(page.url()).pathname).toBe('/user/center');
    await page.getByTestId('masked-phone').waitFor();
    expect(await page.getByTestId('masked-phone').innerText()).toBe('138****8000');
    await context.close();
  });

  it('shows the server message when the password is wrong and stays on /login', async () => {
    const { page, context } = await openPage(browser(), '/login');
    const form = page.getByTestId('login-form');
    await form.getByPlaceholder('请输入手机号').fill(DEMO.phone);
    await form.getByPlaceholder('请输入密码').fill('wrong-password-1');
    await form.getByRole('button', { name: /登\s*录/ }).click();
    const text = await toast(page);
    expect(text).toMatch(/[\u4e00-\u9fa5]/);
    // the toast shows 65px from the top (once its slide-in has ended)
    const notice = page.locator('.ant-message-notice').last();
    await expect.poll(() => notice.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(65);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await sessionToken(page)).toBeNull();
    await context.close();
  });

  it('resets a forgotten password on /find-pwd (SMS type 3) and logs in with the new one', async () => {
    const user = forgetful;
    const { page, context } = await openPage(browser(), '/find-pwd');
    const form = page.getByTestId('find-pwd-form');
    await form.getByPlaceholder('请输入手机号').fill(user.phone);
    await form.getByPlaceholder('请输入验证码').fill(await requestSmsCode(form, user.phone, 3));
    await form.getByPlaceholder('请输入8-32位字母和数字组合').fill('newpass2024');
    await form.getByPlaceholder('请再次输入密码').fill('newpass2024');
    await form.getByRole('button', { name: '重置密码' }).click();
    await page.waitForURL('**/login');
    await login(page, user.phone, 'newpass2024');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('changes the password in the 修改密码 dialog (validation, SMS type 3, success toast, closes)', async () => {
    const user = changer;
    const { page, context } = await openSignedInPage(browser(), user);
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '修改密码' });
    await dialog.waitFor();
    expect(await dialog.getByPlaceholder('请输入新密码').count()).toBe(1);
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await dialog.getByText('请输入密码', { exact: true }).waitFor();
    await dialog.getByText('请输入短信验证码', { exact: true }).waitFor();

    // a wrong code: the server's message as an error toast, the dialog stays open
    await dialog.getByPlaceholder('请输入新密码').fill('changed2024x');
    await dialog.getByPlaceholder('请输入验证码').fill('000000');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    const failure = await toast(page);
    expect(failure).toMatch(/[\u4e00-\u9fa5]/);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByPlaceholder('请输入验证码').fill(await requestSmsCode(dialog, user.phone, 3));
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '密码已修改成功' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api('/api/user/pwd-login', { body: { phone: user.phone, password: 'changed2024x' } })).status).toBe(200);
    expect((await api('/api/user/pwd-login', { body: { phone: user.phone, password: user.password } })).status).not.toBe(200);
    await context.close();
  });

  it('logs out from the dropdown: red item, server revokes the token, session cleared, route replaced with /login', async () => {
    const { page, context } = await openSignedInPage(browser(), DEMO);
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    await page.getByTestId('user-menu').hover();
    const item = page.getByRole('menuitem', { name: '退出登录' });
    await item.waitFor();
    expect(await item.evaluate((el) => el.className)).toContain('danger');
    const historyLength = await page.evaluate(() => history.length);
    await item.click();
    await page.waitForURL('**/login');
    // replaced, not pushed: the history did not grow
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(await sessionToken(page)).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('userInfo'))).toBeNull();
    expect((await api('/api/user/user-data', { token: token! })).status).toBe(401);
    await context.close();
  });

  it('handles a 401: token revoked server side, next call logs out and goes to /login', async () => {
    const { page, context } = await openSignedInPage(browser(), DEMO);
    const token = (await sessionToken(page))!;
    expect((await api('/api/user/logout', { method: 'POST', body: {}, token })).status).toBe(200);
    // a client-side navigation to a page that calls the API (user center loads the recommend list);
    // widgets that poll may already have met the 401 by then, which must end the same way
    await page.evaluate(() => window.history.pushState(null, '', '/user/center'));
    await page.waitForURL('**/login', { timeout: 15_000 });
    expect(await sessionToken(page)).toBeNull();
    await page.locator('header.topbar').getByRole('button', { name: '注册 / 登录' }).waitFor();
    await context.close();
  });
});
