/**
 * The prerendered public pages (/login, /register, /find-pwd) in Chromium against `npm start`:
 * - the HTML itself holds the form, the top bar and the texts (a context with JavaScript disabled);
 * - the app hydrates it without a console error or warning (React reports hydration mismatches
 *   there) and without a layout shift (CLS from a PerformanceObserver, buffered from the start);
 * - a signed-in visitor arriving on one still ends where the guard sends them (home, replacing it);
 * - the service worker answers a navigation to one with that page's own HTML, also offline.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, api, appStarted, loginViaApi, openPage, serviceWorkerScope, useBrowser } from './harness';

const browser = useBrowser();

const PAGES = [
  { path: '/login', form: 'login-form', title: '账号登录' },
  { path: '/register', form: 'register-form', title: '注册账号' },
  { path: '/find-pwd', form: 'find-pwd-form', title: '找回密码' },
] as const;

/**
 * Sums every layout shift of the page from its start (the observer is buffered), and keeps the
 * form element the HTML made, before the app's scripts run (they run after readyState 'interactive').
 */
const CLS_OBSERVER = `
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') window.__htmlForm = document.querySelector('form');
  });
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * The page's visible text, blank lines folded, leaving out the floating nav's customer-service panel:
 * on a wide screen it opens by default once the app runs, with the operator's info it then loads,
 * which no prerendered HTML can hold (it floats over the nav and moves nothing).
 */
function visibleTextBesideServicePanel(page: Page): Promise<string> {
  return page.locator('#root').evaluate((root: HTMLElement) => {
    const panel = root.querySelector<HTMLElement>('[data-testid="float-service-panel"]')?.innerText ?? '';
    return root.innerText.replace(panel, '').replace(/\n+/g, '\n');
  });
}

function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  return problems;
}

/** Holds every request for the app's entry script until `release()`; `asked()` counts them. */
async function holdEntryScript(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

describe('prerendered public pages', () => {
  it.each(PAGES)('$path: the HTML holds the form and the top bar before any JavaScript runs', async ({ path, form, title }) => {
    const { page, context } = await openPage(browser(), undefined, { javaScriptEnabled: false });
    const response = await page.goto(path);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect.poll(() => page.getByTestId(form).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByTestId('nav-login').textContent()).toBe('注册 / 登录');
    // The seeded top announcement, put in by the server.
    expect((await page.getByTestId('announcement').innerText()).trim().length).toBeGreaterThan(0);
    expect(await page.locator(`[data-testid="${form}"] input`).count()).toBeGreaterThanOrEqual(2);
    // Another route gets the SPA shell: nothing in its root but the placeholder layout with the banner.
    await page.goto('/plan/list');
    expect(await page.locator('#root > *').count()).toBe(1);
    expect(await page.locator('#root > [data-app-shell] > *').count()).toBe(1);
    expect((await page.locator('#root > [data-app-shell]').getByTestId('announcement').innerText()).trim().length).toBeGreaterThan(0);
    await context.close();
  });

  it.each(PAGES)('$path: hydrates with a clean console, no layout shift and no visible change, then works', async ({ path, form }) => {
    // What the HTML alone shows: the page's text and where its form sits.
    const before = await openPage(browser(), path, { javaScriptEnabled: false });
    const htmlText = await visibleTextBesideServicePanel(before.page);
    const htmlBox = await before.page.getByTestId(form).boundingBox();
    await before.context.close();

    const { page, context, errors } = await openPage(browser());
    const problems = consoleProblems(page);
    await page.addInitScript(CLS_OBSERVER);
    await page.goto(path, { waitUntil: 'networkidle' });
    // Hydrated: React answers a submit of the empty form with its own validation messages.
    expect(await page.getByTestId(form).boundingBox()).toEqual(htmlBox);
    expect(await visibleTextBesideServicePanel(page)).toBe(htmlText);
    await page.getByTestId(form).locator('button[type="submit"]').click();
    await expect.poll(() => page.locator('.plain-error').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
    // Hydrated, not rendered anew: the form is still the element the HTML made.
    expect(await page.evaluate(() => document.querySelector('form') === (window as unknown as { __htmlForm: Element }).__htmlForm)).toBe(
      true,
    );
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('what a visitor types before the app has started is kept and submitted', async () => {
    const { page, context } = await openPage(browser());
    // Hold the app's entry script until the form has been filled in.
    const entry = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    // the entry script is asked for and held: what follows is typed into the HTML alone
    await expect.poll(() => entry.asked()).toBeGreaterThan(0);
    const form = page.getByTestId('login-form');
    await form.locator('input[name="phone"]').fill(DEMO.phone);
    await form.locator('input[name="password"]').fill(DEMO.password);
    entry.release();
    // A tap before the app has started is the browser's own form post (its own test below).
    await appStarted(page);
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a form sent before the app has started never puts the password in the URL: it comes back to the page', async () => {
    const { page, context } = await openPage(browser());
    const entry = await holdEntryScript(page);
    await page.goto('/login?invite=abc', { waitUntil: 'commit' });
    await expect.poll(() => entry.asked()).toBeGreaterThan(0);
    const form = page.getByTestId('login-form');
    await form.locator('input[name="phone"]').fill(DEMO.phone);
    await form.locator('input[name="password"]').fill(DEMO.password);
    const sent = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/login' && request.isNavigationRequest() && request.method() === 'POST',
    );
    await form.locator('button[type="submit"]').click();
    await sent;
    await expect.poll(() => entry.asked()).toBeGreaterThan(1); // the page again, asking for the app
    expect(page.url()).toBe(new URL('/login?invite=abc', page.url()).href);
    entry.release();
    await page.getByTestId('login-form').waitFor();
    expect(page.url()).not.toContain(DEMO.password);
    await context.close();
  });

  it('a signed-in visitor opening /login ends on the home page, with /login replaced in the history', async () => {
    const token = await loginViaApi(DEMO.phone, DEMO.password);
    const user = (await api('/api/user/user-data', { token })).body?.data;
    const { page, context, errors } = await openPage(browser());
    const problems = consoleProblems(page);
    // Signed in before any of the app's code runs: a guard seeing no token would
    // send /flow/tb to /login itself and make the history count below racy.
    await page.addInitScript(
      ([t, u]) => {
        if (sessionStorage.getItem('token')) return;
        sessionStorage.setItem('token', t);
        sessionStorage.setItem('userInfo', JSON.stringify(u));
      },
      [token, user] as const,
    );
    await page.goto('/flow/tb');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/flow/tb');
    const entries = await page.evaluate(() => history.length);
    await page.goto('/login');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByTestId('login-form').count()).toBe(0);
    // /login itself was replaced: one entry more than before it, and back leaves it behind.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the service worker answers /login, /register and /find-pwd with their own HTML, also offline', async () => {
    const { page, context } = await openPage(browser(), '/plan/list');
    await serviceWorkerScope(page);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    for (const { path, form } of PAGES) {
      const response = await page.goto(`${path}?invite=abc`);
      expect(response?.fromServiceWorker()).toBe(true);
      expect(await response?.text()).toContain(`data-testid="${form}"`);
      await expect.poll(() => page.getByTestId(form).isVisible()).toBe(true);
    }
    const shell = await page.goto('/user/center');
    expect(await shell?.text()).not.toContain('data-testid="login-form"');
    await context.close();
  });
});
