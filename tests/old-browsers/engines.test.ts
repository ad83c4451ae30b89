/**
 * The app in real old Chromium engines at phone width (tests/old-browsers/engines.ts):
 * - Chromium 80 (the floor) and 88 sign in through the /login form and open the signed-in pages with
 *   no script error; antd's parts are styled (no rule hidden behind `:where()`); /login's layout on 80
 *   (no flex gap: the fallback margins) matches 88's.
 * - Chromium 72 (below the floor) gets the 浏览器版本过旧 panel instead of a form that does nothing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchOldChromium, type OldBrowser, type OldEngine, type OldPage } from './engines';
import { DEMO, SIGNED_IN_ROUTES, seedDemoWork } from '../../tools/signed-in.mjs';

const baseURL = () => inject('baseURL');
const PHONE_VIEWPORT = { width: 390, height: 844 };

interface Opened {
  page: OldPage;
  errors: string[];
}

async function open(browser: OldBrowser, path: string, viewport = PHONE_VIEWPORT): Promise<Opened> {
  const page = await browser.newPage();
  await page.setViewport(viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${baseURL()}${path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
  return { page, errors };
}

async function signIn({ page }: Opened) {
  await page.type('[data-testid="login-form"] input[autocomplete="username"]', DEMO.phone);
  await page.type('[data-testid="login-form"] input[type="password"]', DEMO.password);
  await page.click('[data-testid="login-form"] button[type="submit"]');
  await page.waitForFunction("location.pathname !== '/login'", { timeout: 30_000 });
}

/** Top and left of the /login form's fields and button, and of the top bar's items, rounded. */
const LOGIN_LAYOUT = `JSON.stringify([...document.querySelectorAll('[data-testid="login-form"] input, [data-testid="login-form"] button, .topbar-inner > *, .topbar-nav > *')].map((el) => { const r = el.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.width)]; }))`;

const layouts: Partial<Record<OldEngine, string>> = {};

for (const engine of ['chromium-80', 'chromium-88'] as const) {
  describe(`${engine} (at or above the floor)`, () => {
    let browser: OldBrowser;
    beforeAll(async () => {
      browser = await launchOldChromium(engine);
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('signs in through the /login form and opens the signed-in pages with no script error', async () => {
      const opened = await open(browser, '/login');
      expect(await browser.version()).toContain(`/${engine.slice('chromium-'.length)}.`);
      layouts[engine] = await opened.page.evaluate<string>(LOGIN_LAYOUT);
      expect(await opened.page.evaluate<boolean>("document.documentElement.classList.contains('no-flex-gap')")).toBe(
        engine === 'chromium-80',
      );
      await signIn(opened);
      for (const route of SIGNED_IN_ROUTES) {
        await opened.page.goto(`${baseURL()}${route}`, { waitUntil: 'networkidle0', timeout: 60_000 });
        // the page rendered its content (not only the announcement, not the error page)
        await opened.page.waitForFunction(
          "document.querySelector('.app-main') && document.querySelector('.app-main').innerText.trim().length > 20",
          { timeout: 30_000 },
        );
        const text = await opened.page.evaluate<string>("document.querySelector('.app-main').innerText");
        expect(text, route).not.toContain('页面加载失败');
        expect(new URL(opened.page.url()).pathname, route).toBe(route);
      }
      expect(opened.errors).toEqual([]);
      await opened.page.close();
    });

    it(`antd's parts are styled: the desktop plan table has its header${engine === 'chromium-80' ? ', no rule uses :where()' : ''}`, async () => {
      // plans to list: an account without any sees the empty state (one call to action), not a table
      await seedDemoWork(baseURL(), { plans: 3, templates: 1 });
      const opened = await open(browser, '/login', { width: 1440, height: 900 });
      await signIn(opened);
      await opened.page.goto(`${baseURL()}/plan/list`, { waitUntil: 'networkidle0', timeout: 60_000 });
      await opened.page.waitForFunction("document.querySelector('.ant-table-thead th')", { timeout: 30_000 });
      const header = await opened.page.evaluate<string>("getComputedStyle(document.querySelector('.ant-table-thead th')).backgroundColor");
      expect(header).not.toBe('rgba(0, 0, 0, 0)');
      const whereRules = await opened.page.evaluate<number>(
        "[...document.querySelectorAll('style')].filter((style) => style.textContent.includes(':where(')).length",
      );
      // 88 knows :where() and keeps antd's defaults; 80 gets plain class selectors
      if (engine === 'chromium-80') expect(whereRules).toBe(0);
      else expect(whereRules).toBeGreaterThan(0);
      expect(opened.errors).toEqual([]);
      await opened.page.close();
    });
  });
}

describe('/login looks the same without flex gap', () => {
  it('Chromium 80 (margins) places the form and the top bar as Chromium 88 (gap) does', () => {
    expect(layouts['chromium-80']).toBeTruthy();
    // within a pixel: 88 runs as separate processes (under --single-process it could hang), whose
    // text metrics may round a box a pixel apart
    const boxes80 = JSON.parse(layouts['chromium-80']!) as number[][];
    const boxes88 = JSON.parse(layouts['chromium-88'] ?? '[]') as number[][];
    expect(boxes88.length).toBe(boxes80.length);
    boxes80.forEach((box, i) =>
      box.forEach((value, j) => expect(Math.abs(value - boxes88[i]![j]!), JSON.stringify([box, boxes88[i]])).toBeLessThanOrEqual(1)),
    );
  });
});

describe('chromium-72 (below the floor)', () => {
  let browser: OldBrowser;
  beforeAll(async () => {
    browser = await launchOldChromium('chromium-72');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows 浏览器版本过旧 with the browsers that work and 复制链接, not the login form', async () => {
    const { page } = await open(browser, '/login');
    await page.waitForFunction("document.querySelector('.too-old-panel')", { timeout: 30_000 });
    const text = await page.evaluate<string>("document.querySelector('.too-old-panel').innerText");
    expect(text).toContain('浏览器版本过旧');
    for (const name of ['Chrome', 'Edge', 'Safari', '系统浏览器']) expect(text).toContain(name);
    expect(await page.evaluate<boolean>("getComputedStyle(document.getElementById('root')).display === 'none'")).toBe(true);
    await page.click('.too-old-panel button');
    expect(await page.evaluate<string>("document.querySelector('.too-old-panel button').innerText")).toBe(
      '链接已复制，请粘贴到上述浏览器中打开',
    );
    await page.close();
  });

  it('a signed-in route says the same', async () => {
    const { page } = await open(browser, '/plan/list');
    await page.waitForFunction("document.querySelector('.too-old-panel')", { timeout: 30_000 });
    expect(await page.evaluate<string>("document.querySelector('.too-old-panel h1').innerText")).toBe('浏览器版本过旧');
    await page.close();
  });
});
