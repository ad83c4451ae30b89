/**
 * The privacy policy and the account's rights: /privacy readable without JavaScript and linked from
 * the public pages' footer, consent to both documents at registration, 下载我的数据, and 注销账号
 * end to end on a phone (390 px): SMS code, the session gone, the phone free to register afresh.
 * (axe and the widths of /privacy and the deletion dialog: screens.e2e.ts.)
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  api,
  createPlanViaApi,
  openPage,
  openSignedInPage,
  registerUserViaApi,
  requestSmsCode,
  sessionToken,
  topUp,
  uniquePhone,
  useBrowser,
} from './harness';

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 } };

describe('privacy policy', () => {
  it('/privacy holds the whole policy before any JavaScript runs, and the public pages link to it', async () => {
    const { page, context } = await openPage(browser(), undefined, { javaScriptEnabled: false });
    const response = await page.goto('/privacy');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('隐私政策');
    const text = await page.getByTestId('privacy-policy').innerText();
    // what is collected, how long it is kept, who else receives it, the rights and how to use them, contact
    for (const part of [
      '手机号',
      'IP 地址',
      '搜索关键词',
      '190 天',
      '30 天',
      '阿里云短信服务',
      '腾讯云短信',
      '支付宝',
      '微信支付',
      '下载我的数据',
      '注销账号',
      '15 个工作日',
      '联系我们',
    ]) {
      expect(text, part).toContain(part);
    }
    for (const path of ['/login', '/register', '/find-pwd']) {
      await page.goto(path);
      expect(await page.getByTestId('footer-privacy').getAttribute('href'), path).toBe('/privacy');
    }
    await context.close();

    // With JavaScript the app takes the page over (hydrates it) quietly, showing the same text.
    const live = await openPage(browser(), undefined, PHONE);
    const consoleErrors: string[] = [];
    live.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await live.page.goto('/privacy', { waitUntil: 'networkidle' });
    expect(await live.page.getByTestId('privacy-policy').innerText()).toBe(text);
    // The footer's link is a client-side navigation once the app runs.
    await live.page.goto('/login', { waitUntil: 'networkidle' });
    await live.page.getByTestId('footer-privacy').click();
    await live.page.getByTestId('privacy-policy').waitFor();
    expect(new URL(live.page.url()).pathname).toBe('/privacy');
    expect(consoleErrors).toEqual([]);
    expect(live.errors).toEqual([]);
    await live.context.close();
  });

  it('registration asks to agree to both documents and stores the version agreed', async () => {
    const { page, context, errors } = await openPage(browser(), '/register', PHONE);
    const form = page.getByTestId('register-form');
    await form.getByTestId('open-agreement').waitFor();
    expect(await form.getByTestId('open-privacy').getAttribute('href')).toBe('/privacy');
    expect(await form.locator('.plain-check-row').innerText()).toMatch(/我已阅读并同意\s*《用户服务协议》\s*和\s*《隐私政策》/);
    const phone = uniquePhone();
    const password = 'test1234abcd';
    await form.getByPlaceholder('请输入手机号').fill(phone);
    await form.getByPlaceholder('请输入验证码').fill(await requestSmsCode(form, phone, 1));
    await form.getByPlaceholder('请输入8-32位字母和数字组合').fill(password);
    await form.getByPlaceholder('请再次输入密码').fill(password);
    await form.getByRole('button', { name: /注\s*册/ }).click();
    await form.getByText('请先阅读并同意用户服务协议和隐私政策').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: /注\s*册/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/register'));
    const me = await api<{ privacyVersion: number }>('/api/user/user-data', { token: (await sessionToken(page)) ?? undefined });
    expect(me.body?.data?.privacyVersion).toBe(1);
    // Agreed: no consent panel asks again.
    expect(await page.getByTestId('privacy-consent').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the account owner', () => {
  it('downloads a copy of their data from the user centre', async () => {
    const user = await registerUserViaApi();
    const { page, context, errors } = await openSignedInPage(browser(), user, PHONE);
    await page.goto('/user/center');
    const download = page.getByTestId('download-my-data');
    await download.scrollIntoViewIfNeeded();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^我的数据-\d{8}\.json$/);
    const copy = JSON.parse(await readFile((await file.path())!, 'utf8'));
    // Chinese keys, times in Beijing time as the app shows them
    expect(copy['账号资料']['手机号']).toBe(user.phone);
    expect(copy['导出时间']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(copy['登录记录'].length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(copy)).toEqual(expect.arrayContaining(['说明', '订单', '积分明细', '计划', '模板']));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes the account at 390 px with an SMS code: signed out at once, the phone registers afresh with nothing', async () => {
    const user = await registerUserViaApi();
    await topUp(user.token);
    await createPlanViaApi(user.token, '7', '注销前的计划');
    const { page, context, errors } = await openSignedInPage(browser(), user, PHONE);
    await page.goto('/user/center');
    await page.getByTestId('user-privacy-policy').waitFor();
    expect(await page.getByTestId('user-privacy-policy').getAttribute('href')).toBe('/privacy');
    await page.getByTestId('delete-account').scrollIntoViewIfNeeded();
    await page.getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-account-dialog');
    await dialog.getByRole('heading', { name: '注销账号' }).waitFor();
    const explained = await dialog.innerText();
    for (const part of ['剩余积分', '会员权益将作废', '计划将停止', '订单和积分明细作为会计记录保留', '可以重新注册'])
      expect(explained, part).toContain(part);
    // The dialog fits the phone's width.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);

    // No code: says so, nothing sent.
    await dialog.getByTestId('delete-account-confirm').click();
    await dialog.getByText('请输入短信验证码', { exact: true }).waitFor();
    const code = await requestSmsCode(dialog, user.phone, 4);
    // A wrong code: refused, still signed in.
    await dialog.getByTestId('delete-account-code').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByTestId('delete-account-confirm').click();
    await page.locator('.ant-message-notice').filter({ hasText: '验证码错误' }).waitFor();
    expect((await api('/api/user/user-data', { token: user.token })).status).toBe(200);

    await dialog.getByTestId('delete-account-code').fill(code);
    await dialog.getByTestId('delete-account-confirm').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await sessionToken(page)).toBeNull();
    // The session is dead on the server, the password signs in no more.
    expect((await api('/api/user/user-data', { token: user.token })).status).toBe(401);
    expect((await api('/api/user/pwd-login', { body: { phone: user.phone, password: user.password } })).status).toBe(400);
    // The phone registers again as a new account: no points, no plans.
    const again = await registerUserViaApi({ phone: user.phone });
    const me = await api<{ integral: number }>('/api/user/user-data', { token: again.token });
    expect(me.body?.data?.integral).toBe(0);
    const plans = await api<{ total: number }>('/api/plan/manage/list?page=1&pageSize=10', { token: again.token });
    expect(plans.body?.data?.total).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    // Three codes for one phone, each after the server's 60 s resend window.
  }, 240_000);
});
