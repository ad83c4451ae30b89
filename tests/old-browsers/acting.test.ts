/**
 * The app used, not only opened, in real Chromium 80 (the floor: the Android WebViews and phone
 * browsers still on it) at phone width, against `npm start`'s server: a new account signs in through
 * the form, tops up through the sandbox, publishes a plan on /flow/tb, stops it (the refund comes
 * back), exports the plan list as .xlsx, downloads its data copy (下载我的数据) and changes its password
 * with an SMS code. Every click is a real mouse click; every download is a file on disk, read back.
 * A built-in Chromium 80 lacks (String.prototype.replaceAll failed the data copy before) shows
 * here as a toast, a missing file or a page error.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import privacyText from '../../locales/zh-cn/privacy.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchOldChromium, type OldBrowser } from './engines';
import { api, loginViaApi, registerUserViaApi, smsCode, tomorrowInShanghai, type TestUser } from '../e2e/harness';
import { arriveAt, clickLabelled, clickShowing, go as open, phonePage, signIn, toastMatching, typeInto, type Page } from './acting';

const baseURL = () => inject('baseURL');
const WAIT = { timeout: 60_000 };

let browser: OldBrowser;
let page: Page;
let errors: string[];
let user: Required<TestUser>;
const downloads = mkdtempSync(join(tmpdir(), 'old-chromium-downloads-'));

let registeredAt = 0;

beforeAll(async () => {
  user = await registerUserViaApi();
  registeredAt = Date.now();
  browser = await launchOldChromium('chromium-80');
  ({ page, errors } = await phonePage(browser));
  // Headless Chromium saves a download only where it is told to.
  await page._client.send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
});
afterAll(async () => {
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
});

const go = (path: string) => open(page, `${baseURL()}${path}`);
const text = (selector: string) => page.evaluate<string>(`(document.querySelector(${JSON.stringify(selector)}) || {}).innerText || ''`);

/** The file (not a partial .crdownload) that appears in the download folder with a name matching `name`. */
async function downloaded(name: RegExp): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const file = readdirSync(downloads).find((f) => name.test(f) && !f.endsWith('.crdownload'));
    if (file) return join(downloads, file);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `no download matching ${name} in ${readdirSync(downloads).join(', ') || 'an empty folder'}; toasts: ${await text('.ant-message')}`,
  );
}

const balance = async () => (await api<{ integral: number }>('/api/user/user-data', { token: user.token })).body!.data!.integral;

describe('chromium-80 acting as a seller (phone width)', () => {
  it('signs in through the form, at the floor engine', async () => {
    await go('/login');
    expect(await browser.version()).toContain('/80.');
    await signIn(page, baseURL(), user.phone, user.password, { open: false });
  });

  it('tops up through the sandbox payment', async () => {
    const before = await balance();
    await go('/recharge/integral');
    await page.waitForSelector('[data-testid^="package-"]', { visible: true, ...WAIT });
    await page.click('[data-testid^="package-"]');
    await clickLabelled(page, '支付宝');
    await page.click('[data-testid="checkout-pay"]');
    await page.waitForSelector('[data-testid="sandbox-pay"]', { visible: true, ...WAIT });
    await page.click('[data-testid="sandbox-pay"]');
    await page.waitForSelector('[data-testid="pay-success"]', { visible: true, ...WAIT });
    expect(await text('[data-testid="pay-success"]')).toContain('支付成功');
    expect(await balance()).toBeGreaterThan(before);
  });

  const title = `旧内核计划 ${Date.now() % 100000}`;

  it('publishes a plan on /flow/tb, starting tomorrow', async () => {
    const before = await balance();
    await go('/flow/tb');
    await typeInto(page, '[data-testid="item-url"] input, input[data-testid="item-url"]', 'https://item.taobao.com/item.htm?id=7012345680');
    await page.click('[data-testid="item-lookup"]');
    await page.waitForSelector('[data-testid="item-card"]', { visible: true, ...WAIT });
    await typeInto(page, '[data-testid="item-title"] input, input[data-testid="item-title"], textarea[data-testid="item-title"]', title);
    await typeInto(page, 'input[placeholder="关键词 1"]', '连衣裙');
    await typeInto(page, '[data-testid="days"] input', '2');
    await typeInto(page, '[data-testid="start-date"] input', tomorrowInShanghai());
    await page.keyboard.press('Enter');
    await page.waitForFunction(`(document.querySelector('[data-testid="summary-total"]') || {}).innerText !== undefined`, WAIT);
    const total = Number((await text('[data-testid="summary-total"]')).replace(/\D/g, ''));
    expect(total).toBeGreaterThan(0);
    await page.click('[data-testid="publish"]');
    await clickLabelled(page, '确认发布');
    await arriveAt(page, '/plan/list');
    await page.waitForFunction(`document.body.innerText.includes(${JSON.stringify(title)})`, WAIT);
    expect(await balance()).toBe(before - total);
  });

  it('stops it from the plan list (its row opens the details and their actions): the refund comes back', async () => {
    const before = await balance();
    await clickShowing(page, '[data-testid="plan-row"]', title);
    await clickShowing(page, '[data-testid="plan-details-actions"] button', '停止');
    await clickLabelled(page, '确认停止');
    expect(await toastMatching(page, /退还/)).toMatch(/已停止 1 个计划，退还 [\d,]+ 积分/);
    await page.waitForFunction(`document.body.innerText.includes('已停止')`, WAIT);
    expect(await balance()).toBeGreaterThan(before);
  });

  it('exports the plan list from the filter sheet: an .xlsx workbook holding the plan', async () => {
    await go('/plan/list');
    await page.waitForSelector('[data-testid="plan-filter-open"]', { visible: true, ...WAIT });
    await page.click('[data-testid="plan-filter-open"]');
    // The sheet slides up: clicked once it stands still.
    await clickShowing(page, '[data-testid="plan-filter-sheet"] [data-testid="plan-export"]', '导出');
    const file = await downloaded(/\.xlsx$/);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const cells = workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().flat().map(String));
    expect(cells.some((v) => v.includes(title))).toBe(true);
  });

  it('downloads a copy of its data from the user centre (下载我的数据)', async () => {
    await go('/user/center');
    await page.waitForSelector('[data-testid="download-my-data"]', { visible: true, ...WAIT });
    await page.click('[data-testid="download-my-data"]');
    const file = await downloaded(/^我的数据-\d{8}\.json$/);
    // Chinese keys, as the catalogue names them.
    const names = privacyText.dataCopy;
    const copy = JSON.parse(readFileSync(file, 'utf8'));
    expect(copy[names.sections.profile][names.profile.phone]).toBe(user.phone);
    expect(copy[names.sections.plans].map((p: Record<string, string>) => p[names.plan.title])).toContain(title);
    expect(await text('.ant-message')).not.toContain('下载失败');
  });

  it('changes its password with an SMS code (type 3); the new one signs in', async () => {
    await page.click('[data-testid="user-menu"]');
    await clickLabelled(page, '修改密码');
    const form = '[data-testid="change-password-form"]';
    await typeInto(page, `${form} input[placeholder="请输入新密码"]`, 'newpass2026');
    // One code per phone per 60 s whatever its type: the registration's code came first.
    await new Promise((r) => setTimeout(r, Math.max(0, registeredAt + 61_000 - Date.now())));
    const since = Date.now();
    await clickShowing(page, `${form} [data-testid="sms-code-button"]`, '');
    await typeInto(page, `${form} input[placeholder="请输入验证码"]`, await smsCode(user.phone, since, 3));
    await clickLabelled(page, '确认修改');
    await toastMatching(page, /密码已修改成功/);
    expect(await loginViaApi(user.phone, 'newpass2026')).toBeTruthy();
    expect((await api('/api/user/pwd-login', { body: { phone: user.phone, password: user.password } })).status).toBe(400);
  });

  it('did all that without a script error', () => {
    expect(errors).toEqual([]);
  });
});
