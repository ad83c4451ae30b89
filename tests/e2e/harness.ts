/**
 * E2E harness shared by every browser spec (other features reuse it):
 * - `baseURL()`: the server started by global-setup.ts.
 * - `launchBrowser()`, `openPage(browser, path?)`: Debian's Chromium; each page collects `errors`
 *   (uncaught page errors) so specs can assert none happened. `useBrowser()` launches one for the
 *   spec file (beforeAll/afterAll) and answers a getter for it.
 * - `uniquePhone()`, `smsCode(phone, since)`: a fresh mainland number; the latest code from the dev outbox.
 * - `requestSmsCode(scope, phone, type)`: presses the scope's SMS button (checking its texts and
 *   countdown lock) and answers the code from the dev outbox.
 * - `registerUser(page, opts?)` (through the UI, code from the dev outbox), `registerUserViaApi(opts?)`,
 *   `login(page, phone, password)` (through the UI), `loginViaApi(phone, password)`,
 *   `openSignedInPage(browser, account, options?)`: `openPage` on /login, then `login`.
 * - `api(path, { method, body, token })`: a raw call to the server, answering `{ status, body }`.
 * - `serviceWorkerScope(page, timeout?)`: waits (bounded) for the page's active service worker.
 * - `openPersistentPage(path)`: a non-incognito profile (Chrome reports incognito pages as not installable).
 * - `toast(page)`: text of the latest antd message toast.
 * - `topUp(token)`: buys the first points package through the sandbox; `tomorrowInShanghai()`.
 * - `createPlanViaApi(token, n, title)`: a tb plan of 10 a day for 2 days from tomorrow (item id ends in n).
 * - `listenOnLoopback(handler)`: a plain HTTP server on a free 127.0.0.1 port (`origin`, `close()`);
 *   `CONTENT_TYPES` by file extension, for the ones serving build files.
 * - `DEMO`: the seeded demo account (read-only use: do not change its password).
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const DEMO = { phone: '13800138000', password: 'demo12345' } as const;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseURL = () => inject('baseURL');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** One browser for the calling spec file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser(): the browser is not launched yet (call it at the top of the spec file)');
    return browser;
  };
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * `page.goto` answers at the load event, while the app's own scripts may still be on their way (the
 * start script asks for them after the first paint): a click meanwhile lands on the prerendered
 * page and is the browser's own (a link followed, a form posted), not the app's. The specs act on
 * the app, so every goto of a page of the app also waits for it to have started and its first
 * requests (the page's code) to settle; a goto with an earlier `waitUntil` does not wait.
 */
function waitForAppOnGoto(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // A spec that asks for an earlier point (commit, DOM ready) acts on the page before the app.
    if (options?.waitUntil && options.waitUntil !== 'load') return response;
    await appStarted(page).catch(() => {});
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    return response;
  };
}

/** Resolves once the app has started on the page (at once on a page without the start script). */
export async function appStarted(page: Page, timeout = 15_000) {
  await page.waitForFunction(
    () => !document.getElementById('app-start') || document.documentElement.hasAttribute('data-e2e-app-started'),
    undefined,
    { timeout },
  );
}

export async function openPage(browser: Browser, path?: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: 'zh-CN', viewport: { width: 1366, height: 900 }, ...options });
  await context.addInitScript(() =>
    addEventListener('app-started', () => document.documentElement.setAttribute('data-e2e-app-started', '')),
  );
  const page = await context.newPage();
  if (options.javaScriptEnabled !== false) waitForAppOnGoto(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  if (path) await page.goto(path);
  return { context, page, errors };
}

/** A page signed in through the /login form as `account`; ends on the page after login. */
export async function openSignedInPage(
  browser: Browser,
  account: { phone: string; password: string },
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<OpenedPage> {
  const opened = await openPage(browser, '/login', options);
  await login(opened.page, account.phone, account.password);
  return opened;
}

/** A persistent (non-incognito) profile in a temp folder: needed for installability checks. */
export async function openPersistentPage(path: string) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL: baseURL(),
    locale: 'zh-CN',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(path);
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let phoneCounter = 0;
/** A mainland mobile number unlikely to exist yet: 19 + 9 digits from time, pid and a counter. */
export function uniquePhone(): string {
  phoneCounter += 1;
  const tail = (Date.now() % 1_000_000) * 1000 + ((process.pid + phoneCounter * 7919) % 1000);
  return `19${String(tail).padStart(9, '0').slice(-9)}`;
}

export async function api<T = unknown>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (init.token) headers['t-token'] = init.token;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: parseEnvelope<T>(text), text };
}

export interface Envelope<T> {
  success: boolean;
  message?: string;
  data?: T;
}

function parseEnvelope<T>(text: string): Envelope<T> | null {
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return null;
  }
}

const lastSmsAt = new Map<string, number>();

/** The server allows one code per phone per 60 s: wait out the window before asking again. */
export async function waitSmsWindow(phone: string) {
  const last = lastSmsAt.get(phone);
  if (!last) return;
  const wait = last + 61_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

export function noteSmsSent(phone: string) {
  lastSmsAt.set(phone, Date.now());
}

interface OutboxEntry {
  phone: string;
  type: number;
  code: string;
  createdAt: string;
}

/** Latest code sent to `phone` at or after `since` (ms), from GET /api/dev/sms-outbox. */
export async function smsCode(phone: string, since: number, type?: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { status, body } = await api<OutboxEntry>(`/api/dev/sms-outbox?phone=${phone}`);
    const entry = body?.data;
    if (status === 200 && entry?.code && Date.parse(entry.createdAt) >= since - 2000 && (type === undefined || entry.type === type))
      return entry.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS code for ${phone} in the dev outbox`);
}

export interface TestUser {
  phone: string;
  password: string;
  token?: string;
}

/** Registers through the API (send-sms-code, dev outbox, reg). */
export async function registerUserViaApi(
  opts: { phone?: string; password?: string; inviteCode?: string } = {},
): Promise<Required<TestUser>> {
  const phone = opts.phone ?? uniquePhone();
  const password = opts.password ?? 'test1234abcd';
  await waitSmsWindow(phone);
  const since = Date.now();
  const sent = await api('/api/user/send-sms-code', { body: { phone, type: 1 } });
  if (sent.status !== 200) throw new Error(`send-sms-code failed: ${sent.status} ${sent.text}`);
  noteSmsSent(phone);
  const verifyCode = await smsCode(phone, since, 1);
  const reg = await api<{ token: string }>('/api/user/reg', {
    body: { phone, password, verifyCode, ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}) },
  });
  if (reg.status !== 200 || !reg.body?.data?.token) throw new Error(`reg failed: ${reg.status} ${reg.text}`);
  return { phone, password, token: reg.body.data.token };
}

export async function loginViaApi(phone: string, password: string): Promise<string> {
  const res = await api<{ token: string }>('/api/user/pwd-login', { body: { phone, password } });
  if (res.status !== 200 || !res.body?.data?.token) throw new Error(`login failed: ${res.status} ${res.text}`);
  return res.body.data.token;
}

/**
 * Presses the SMS button inside `scope` for `phone` (already typed in) and answers the code sent.
 * Checks the SMS button: "获取短信验证码" before, then disabled and "{n}秒后重新获取" from 60 s.
 */
export async function requestSmsCode(scope: Locator, phone: string, type: number): Promise<string> {
  const button = scope.getByTestId('sms-code-button');
  expect((await button.innerText()).trim()).toBe('获取短信验证码');
  await waitSmsWindow(phone);
  const since = Date.now();
  await button.click();
  await scope.getByText(/^(60|59)秒后重新获取$/).waitFor();
  noteSmsSent(phone);
  expect(await button.isDisabled()).toBe(true);
  return smsCode(phone, since, type);
}

/** Registers through the /register screen, with the code from the dev outbox. Ends on the page after registration. */
export async function registerUser(page: Page, opts: { phone?: string; password?: string; inviteCode?: string } = {}): Promise<TestUser> {
  const phone = opts.phone ?? uniquePhone();
  const password = opts.password ?? 'test1234abcd';
  if (!page.url().includes('/register')) await page.goto('/register');
  const form = page.getByTestId('register-form');
  await form.getByPlaceholder('请输入手机号').fill(phone);
  await form.getByPlaceholder('请输入验证码').fill(await requestSmsCode(form, phone, 1));
  await form.getByPlaceholder('请输入8-32位字母和数字组合').fill(password);
  await form.getByPlaceholder('请再次输入密码').fill(password);
  if (opts.inviteCode !== undefined) await form.getByPlaceholder('请输入邀请码').fill(opts.inviteCode);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: /注\s*册/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/register'));
  return { phone, password };
}

/** Logs in through the /login screen; ends on the page after login. */
export async function login(page: Page, phone: string, password: string) {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder('请输入手机号').fill(phone);
  await form.getByPlaceholder('请输入密码').fill(password);
  await form.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Text of the newest antd message toast. */
export async function toast(page: Page): Promise<string> {
  const notice = page.locator('.ant-message-notice').last();
  await notice.waitFor();
  return (await notice.innerText()).trim();
}

export async function sessionToken(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('token'));
}

/**
 * Waits until the page's service worker is active and answers its scope. Fails after `timeout` ms
 * rather than waiting forever (a build without the worker, e.g. not a production build, has none).
 */
export async function serviceWorkerScope(page: Page, timeout = 30_000): Promise<string> {
  const scope = await page.evaluate(
    (ms) =>
      Promise.race([
        navigator.serviceWorker.ready.then((registration) => registration.scope),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
      ]),
    timeout,
  );
  if (!scope) throw new Error(`no service worker became active within ${timeout} ms (a production build registers one)`);
  return scope;
}

/**
 * After the service worker installed: reload so it controls the page, then open the price table
 * once online, so its public answer is in the worker's runtime cache for the offline checks.
 */
export async function controlledWithPriceTableCached(page: Page) {
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByTestId('balance').waitFor();
  await page.getByTestId('open-price').click();
  await page.getByTestId('price-config').first().waitFor();
  await page.keyboard.press('Escape');
}

/** Buys the first points package through the sandbox payment; answers the new balance. */
export async function topUp(token: string): Promise<number> {
  const goods = await api<{ id: number; points: number }[]>('/api/god/get?type=integral', { token });
  const pack = goods.body!.data![0]!;
  const order = await api<{ orderNo: string }>('/api/order/create', { token, body: { goodsId: pack.id, payType: 1 } });
  expect(order.status).toBe(200);
  const paid = await api(`/api/pay/sandbox/${order.body!.data!.orderNo}/confirm`, { token, body: {} });
  expect(paid.status).toBe(200);
  const me = await api<{ integral: number }>('/api/user/user-data', { token });
  return me.body!.data!.integral;
}

/** Tomorrow in the business time zone (a plan starting then has dispatched nothing yet). */
export function tomorrowInShanghai(): string {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
  return fmt.format(new Date(Date.now() + 86_400_000));
}

/**
 * The controls of the page (buttons, links, fields) that the floating nav or its panel lies over:
 * each is scrolled into the middle of the window and the element at its centre is asked for.
 * Answers one line per covered control (none: []).
 */
export async function controlsUnderFloatNav(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'main button, main a[href], main input:not([type=hidden]), main textarea, main [role=button], main [role=tab]',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') continue;
      control.scrollIntoView({ block: 'center', inline: 'center' });
      const at = control.getBoundingClientRect();
      const hit = document.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2);
      if (hit?.closest('.float-nav'))
        covered.push(
          `${control.tagName.toLowerCase()} "${(control.innerText || control.getAttribute('placeholder') || control.getAttribute('aria-label') || '').trim().slice(0, 30)}"`,
        );
    }
    window.scrollTo(0, 0);
    return covered;
  });
}

/** Publishes a tb plan through the API: the first service and options, 10 a day at 20:00 for 2 days from tomorrow. */
export async function createPlanViaApi(token: string, itemSuffix: string, title: string): Promise<number> {
  const config = (
    await api<{ planConfigList: { id: number; conditionList: { optionList: { id: number }[] }[] }[] }>('/api/plan/config?flowType=tb', {
      token,
    })
  ).body!.data!;
  const service = config.planConfigList[0]!;
  const created = await api<{ id: number }>('/api/plan/create', {
    token,
    body: {
      flowType: 'tb',
      itemUrl: `https://item.taobao.com/item.htm?id=61234567890${itemSuffix}`,
      itemId: `61234567890${itemSuffix}`,
      title,
      keywords: ['保温杯'],
      configId: service.id,
      optionIds: service.conditionList.map((c) => c.optionList[0]!.id),
      dailyCount: 10,
      days: 2,
      startDate: tomorrowInShanghai(),
      distribution: Array.from({ length: 24 }, (_, h) => (h === 20 ? 10 : 0)),
    },
  });
  expect(created.status).toBe(200);
  return created.body!.data!.id;
}

/** Content types of the build's files, by extension. */
export const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** A plain HTTP server on a free loopback port, answering with `handler`. */
export async function listenOnLoopback(handler: RequestListener): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((done) => server.close(() => done())) };
}
