/** PWA: manifest, installability (CDP), service worker precache, offline shell, no caching of private API answers. */
import { describe, expect, it } from 'vitest';
import {
  api,
  baseURL,
  controlledWithPriceTableCached,
  DEMO,
  openPersistentPage,
  openSignedInPage,
  serviceWorkerScope,
  useBrowser,
} from './harness';

const browser = useBrowser();

describe('PWA', () => {
  it('serves a Chinese manifest with 192/512/maskable icons', async () => {
    const response = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: { sizes: string; purpose?: string; src: string }[] };
    expect(manifest).toMatchObject({ lang: 'zh-CN', display: 'standalone', start_url: '/' });
    expect(String(manifest.name)).toMatch(/[\u4e00-\u9fa5]/);
    expect(String(manifest.short_name)).toMatch(/[\u4e00-\u9fa5]/);
    expect(manifest.theme_color).toBeTruthy();
    expect(manifest.icons.some((i) => i.sizes === '192x192')).toBe(true);
    expect(manifest.icons.some((i) => i.sizes === '512x512' && (i.purpose ?? 'any').includes('any'))).toBe(true);
    expect(manifest.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const png = await fetch(new URL(icon.src, `${baseURL()}/`));
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toContain('image/png');
    }
  });

  it('is installable: Chrome reports no installability errors', async () => {
    const { page, context, close } = await openPersistentPage('/login');
    await serviceWorkerScope(page);
    const cdp = await context.newCDPSession(page);
    const result = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(result.installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
    await close();
  });

  it('reloads the shell offline with a visible offline notice, and never caches private API answers', async () => {
    const { page, context } = await openSignedInPage(browser(), DEMO);
    await serviceWorkerScope(page);
    await controlledWithPriceTableCached(page);

    await context.setOffline(true);
    await page.reload();
    await page.locator('header.topbar').waitFor();
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('offline-notice').innerText()).toContain('离线');
    // the announcement and the price table still show offline
    await page.getByTestId('announcement').waitFor();
    await page.getByTestId('open-price').click();
    await page.getByTestId('price-config').first().waitFor();
    await page.keyboard.press('Escape');
    // navigating to another route still renders the shell
    await page.goto('/user/center').catch(() => null);
    await page.locator('header.topbar').waitFor();
    await context.setOffline(false);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    const apiPaths = cached.filter((p) => p.startsWith('/api/'));
    expect(apiPaths.length).toBeGreaterThan(0);
    expect(apiPaths.every((p) => p === '/api/plan/config/full-data' || p === '/api/Announcement/get')).toBe(true);
    expect(cached).toContain('/index.html');
    await context.close();
  });

  it('on a phone, offline then back: the notice comes and goes, and a page whose code was not loaded yet opens once online, without a reload', async () => {
    // no worker controls the tab (a first visit): the page's chunk cannot come from its cache
    const { page, context, errors } = await openSignedInPage(browser(), DEMO, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    await page.getByTestId('user-menu').waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await context.setOffline(true);
    await page.getByTestId('offline-notice').waitFor();
    const chunkFailed = page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname.endsWith('.js'));
    // a signed-in phone navigates from the bottom bar
    await page.getByTestId('bottom-nav-publish').tap();
    await chunkFailed;

    await context.setOffline(false);
    await page.getByTestId('publish').waitFor();
    await page.getByTestId('offline-notice').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/flow/tb');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reloads once instead of a blank page when a lazy chunk is missing after a deploy', async () => {
    const { page, context, errors } = await openSignedInPage(browser(), DEMO, { serviceWorkers: 'block' });
    // The chunk is gone until the page reloads (the reloaded page would name the new deploy's
    // chunks): every request for it fails before then, the page's modulepreload and its import alike.
    let failed = 0;
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    await page.route(/\/assets\/UserCenterPage-[^/]+\.js$/, async (route) => {
      if (documents === 0) {
        failed += 1;
        await route.fulfill({ status: 404, body: 'gone' });
      } else {
        await route.continue();
      }
    });
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.getByTestId('masked-phone').waitFor({ timeout: 20_000 });
    expect(failed).toBeGreaterThanOrEqual(1);
    expect(documents).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/user/center');
    expect(errors.filter((e) => !/dynamically imported module|Failed to fetch/i.test(e))).toEqual([]);
    await context.close();
  });

  it('answers /smi and /sui navigations from the server (not the cached shell)', async () => {
    const response = await fetch(`${baseURL()}/sui/ABC`, { redirect: 'manual' });
    expect([301, 302, 303, 307, 308]).toContain(response.status);
    expect(response.headers.get('location')).toMatch(/^\/login(\?invite=ABC)?$/);
    const unused = await api('/api/healthz');
    expect(unused.status).toBe(200);
  });
});
