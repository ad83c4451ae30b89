/**
 * An installed app you can trust: no token in Cache Storage after a signed-in session, a logout made
 * offline that the server honours once the device is back, signed-in users kept off the visitor forms,
 * and a CDN build (ASSET_BASE_URL, only dist/assets/ on a second origin) with no failed request.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../build/build-web.mjs';
import { startApiServer, type ApiServer } from '../../server/test/support/processes.mjs';
import {
  api,
  CONTENT_TYPES,
  controlledWithPriceTableCached,
  DEMO,
  listenOnLoopback,
  login,
  openPage,
  openSignedInPage,
  registerUserViaApi,
  serviceWorkerScope,
  sessionToken,
  useBrowser,
} from './harness';

const browser = useBrowser();

/** Every entry of every cache: its URL and the request headers stored with it. */
const cacheEntries = (page: Page) =>
  page.evaluate(async () => {
    const entries: { cache: string; url: string; headers: [string, string][] }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) entries.push({ cache: name, url: request.url, headers: [...request.headers.entries()] });
    }
    return entries;
  });

async function logOutThroughMenu(page: Page) {
  await page.getByTestId('user-menu').hover();
  const logoutItem = page.getByRole('menuitem', { name: '退出登录' });
  await logoutItem.waitFor({ state: 'visible' });
  await logoutItem.click();
  await page.waitForURL((url) => url.pathname === '/login');
}

describe('trust', () => {
  it('keeps no token in Cache Storage during and after a signed-in session; logout empties the user caches', async () => {
    const { page, context } = await openPage(browser(), '/login');
    await serviceWorkerScope(page);
    await login(page, DEMO.phone, DEMO.password);
    const token = (await sessionToken(page))!;
    await controlledWithPriceTableCached(page);
    await page.goto('/user/center');
    await page.getByTestId('masked-phone').waitFor();

    const during = await cacheEntries(page);
    expect(during.some((e) => e.cache === 'api-public')).toBe(true);
    const withToken = (entries: typeof during) =>
      entries.filter((e) => e.headers.some(([name, value]) => name === 't-token' || value.includes(token)));
    expect(withToken(during)).toEqual([]);
    for (const entry of during.filter((e) => e.cache === 'api-public')) expect(entry.headers).toEqual([]);

    await logOutThroughMenu(page);
    await page.waitForFunction(async () => !(await caches.keys()).includes('images'));
    const after = await cacheEntries(page);
    expect(withToken(after)).toEqual([]);
    expect(after.filter((e) => e.cache === 'images')).toEqual([]);
    expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage })))).not.toContain(token);
    await context.close();
  });

  it('logout made offline: the tab keeps working, and the token is refused within 30 s of coming back online', async () => {
    const user = await registerUserViaApi();
    const { page, context, errors } = await openSignedInPage(browser(), user);
    const token = (await sessionToken(page))!;
    expect((await api('/api/user/user-data', { token })).status).toBe(200);
    await page.getByTestId('user-menu').waitFor();
    // marks this document: a reload offline would show the browser's error page instead
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await context.setOffline(true);
    // a page whose code has not been loaded yet: it waits for the network, the tab is not reloaded
    const chunkFailed = page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname.endsWith('.js'));
    await page.getByTestId('nav-publish').click();
    await chunkFailed;
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await logOutThroughMenu(page);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await sessionToken(page)).toBeNull();
    // nothing at rest can sign in: only the token's hash is kept
    expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(token);
    expect((await api('/api/user/user-data', { token })).status).toBe(200); // the server has not heard yet

    await context.setOffline(false);
    await expect.poll(async () => (await api('/api/user/user-data', { token })).status, { timeout: 30_000, interval: 500 }).toBe(401);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingLogouts'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a logout kept offline whose tab was closed before the device came back is honoured at the next start at the latest', async () => {
    const user = await registerUserViaApi();
    const { page, context } = await openSignedInPage(browser(), user);
    const token = (await sessionToken(page))!;
    await page.getByTestId('user-menu').waitFor();
    await context.setOffline(true);
    await logOutThroughMenu(page);
    await page.close();
    await context.setOffline(false);

    const next = await context.newPage();
    await next.goto('/login');
    await expect.poll(async () => (await api('/api/user/user-data', { token })).status, { timeout: 30_000, interval: 500 }).toBe(401);
    await expect.poll(() => next.evaluate(() => localStorage.getItem('pendingLogouts'))).toBeNull();
    await context.close();
  });

  it('a tab the worker controls: the logout it queues for Background Sync holds no token, and the token is refused once back', async () => {
    const user = await registerUserViaApi();
    const { page, context } = await openPage(browser(), '/login');
    await serviceWorkerScope(page);
    await login(page, user.phone, user.password);
    const token = (await sessionToken(page))!;
    await controlledWithPriceTableCached(page);
    await context.setOffline(true);
    await logOutThroughMenu(page);
    const queued = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((done, fail) => {
            const open = indexedDB.open('workbox-background-sync');
            open.onerror = () => fail(open.error);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('requests')) return done([]);
              const all = db.transaction('requests').objectStore('requests').getAll();
              all.onsuccess = () =>
                done(
                  all.result.map((entry) =>
                    JSON.stringify(entry, (_key, value) => (value instanceof ArrayBuffer ? new TextDecoder().decode(value) : value)),
                  ),
                );
              all.onerror = () => fail(all.error);
            };
          }),
      );
    await expect
      .poll(async () => (await queued()).some((entry) => entry.includes('/api/user/logout-hash')), { timeout: 30_000, interval: 500 })
      .toBe(true);
    expect((await queued()).filter((entry) => entry.includes(token) || entry.toLowerCase().includes('t-token'))).toEqual([]);

    await context.setOffline(false);
    await expect.poll(async () => (await api('/api/user/user-data', { token })).status, { timeout: 30_000, interval: 500 }).toBe(401);
    await context.close();
  });

  it('sends a signed-in user on /login, /register or /find-pwd home (replace)', async () => {
    const { page, context } = await openSignedInPage(browser(), DEMO);
    for (const path of ['/login', '/register', '/find-pwd']) {
      await page.goto('/plan/list');
      await page.evaluate((target) => {
        history.pushState(null, '', target);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.getByTestId('login-form').count()).toBe(0);
      // replaced: going back leaves the app page before, not the form
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/plan/list');
      // a fresh load of the form page too
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    await context.close();
  });
});

/**
 * The asset origin: a tiny static server answering CORS, serving nothing but the build's assets/
 * folder, as docs/deploy.md has ops upload it.
 */
async function startAssetOrigin(buildDir: string) {
  const assets = join(buildDir, 'assets');
  const requests: string[] = [];
  const server = await listenOnLoopback((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requests.push(path);
    const file = join(buildDir, path);
    const cors = { 'Access-Control-Allow-Origin': '*' };
    if (!file.startsWith(`${assets}/`) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, cors).end();
      return;
    }
    response
      .writeHead(200, { ...cors, 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  return { ...server, requests };
}

// The production build with ASSET_BASE_URL on a second origin, served by the built API server with
// DIST_DIR (what `npm start -w server` runs), while the second origin holds only dist/assets/.
describe('CDN build', () => {
  let out = '';
  let dataDir = '';
  let cdn: Awaited<ReturnType<typeof startAssetOrigin>> | undefined;
  let server: ApiServer | undefined;

  // One production build and one server start: minutes on a busy two-core machine, seconds on an idle one.
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'e2e-cdn-build-'));
    dataDir = mkdtempSync(join(tmpdir(), 'e2e-cdn-data-'));
    cdn = await startAssetOrigin(out);
    await buildWeb(out, { ASSET_BASE_URL: `${cdn.origin}/` });
    server = await startApiServer({ built: true, env: { DATA_DIR: dataDir, DIST_DIR: out, LOG_LEVEL: 'warn' }, timeoutMs: 150_000 });
  }, 420_000);

  afterAll(async () => {
    await server?.stop();
    await cdn?.close();
    for (const dir of [out, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('with only dist/assets/ on a second origin, no request fails and nothing logs an error across the signed-in screens', async () => {
    const cdnOrigin = cdn!.origin;
    const { page, context, errors } = await openPage(browser(), undefined, { baseURL: server!.baseURL });
    const failed: string[] = [];
    const fromCdn: string[] = [];
    const consoleErrors: string[] = [];
    page.on('requestfailed', (request) => {
      // requests the next page.goto cancels (net::ERR_ABORTED) are not failures
      const error = request.failure()?.errorText ?? '';
      if (!error.includes('ERR_ABORTED')) failed.push(`${request.url()} ${error}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
      if (response.url().startsWith(cdnOrigin)) fromCdn.push(response.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/login');
    expect(await serviceWorkerScope(page)).toBe(`${server!.baseURL}/`);
    await login(page, DEMO.phone, DEMO.password);
    await page.getByTestId('balance').waitFor();
    for (const [path, testId] of [
      ['/user/center', 'masked-phone'],
      ['/plan/list', 'plan-list'],
      ['/flow/tb', 'publish'],
      ['/recharge/integral', 'pay-methods'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(testId).first().waitFor();
    }
    await page.reload();
    await page.getByTestId('pay-methods').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForLoadState('networkidle');
    expect(fromCdn.length).toBeGreaterThan(5);
    expect(fromCdn.every((url) => new URL(url).pathname.startsWith('/assets/'))).toBe(true);
    // the service worker precached the assets from the second origin too
    expect(cdn!.requests.filter((path) => !path.startsWith('/assets/'))).toEqual([]);
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);

    // The image cache keeps readable 200s only: an image of the asset origin is asked for in CORS
    // mode and kept; a missing one (404) is not kept.
    writeFileSync(join(out, 'assets', 'probe.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const shown = await page.evaluate(
      (sources) =>
        Promise.all(
          sources.map(
            (src) =>
              new Promise<boolean>((done) => {
                const image = new Image();
                image.onload = () => done(true);
                image.onerror = () => done(false);
                image.src = src;
              }),
          ),
        ),
      [`${cdnOrigin}/assets/probe.svg`, `${cdnOrigin}/assets/missing.svg`],
    );
    expect(shown).toEqual([true, false]);
    const kept = await page.evaluate(async () => {
      const cache = await caches.open('images');
      return Promise.all(
        (await cache.keys()).map(async (request) => {
          const response = (await cache.match(request))!;
          return { url: request.url, status: response.status, type: response.type };
        }),
      );
    });
    expect(kept.map((entry) => entry.url)).toContain(`${cdnOrigin}/assets/probe.svg`);
    expect(kept.map((entry) => entry.url)).not.toContain(`${cdnOrigin}/assets/missing.svg`);
    expect(kept.filter((entry) => entry.status !== 200 || entry.type === 'opaque')).toEqual([]);
    await context.close();
  });
});
