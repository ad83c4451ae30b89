/**
 * Installing the app, per browser class (src/lib/browser-class.ts), in Chromium with the user agents
 * of the browsers concerned:
 * - a `beforeinstallprompt` (dispatched by the test) shows 安装应用 on the home card and in the account
 *   menu; clicking calls prompt(); `appinstalled` takes both away;
 * - running installed (navigator.standalone, display-mode standalone) shows neither;
 * - iPhone Safari: the 分享 → 添加到主屏幕 → 添加 steps, the card dismissed for 30 days;
 * - WeChat (Android and iOS) and QQ: the open-in-browser banner on every page, /login included, with 复制链接;
 * - the installed app's head tags and the iPhone launch screens.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STARTUP_IMAGES } from '../../common/startup-images';
import { USER_AGENTS as UA } from '../../src/test/user-agents';
import { baseURL, login, openPage, registerUserViaApi, useBrowser } from './harness';

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Dispatches a beforeinstallprompt whose prompt() counts its calls in window.__prompted. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt?: () => Promise<void>;
      userChoice?: Promise<unknown>;
    };
    const counter = window as unknown as { __prompted: number };
    counter.__prompted = 0;
    event.prompt = () => {
      counter.__prompted += 1;
      return Promise.resolve();
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  });
}
const prompted = (page: Page) => page.evaluate(() => (window as unknown as { __prompted: number }).__prompted);

async function menuItems(page: Page) {
  await page.getByTestId('user-menu').click();
  const items = await page.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  return items.map((item) => item.trim());
}

async function signedInHome(options: Parameters<typeof openPage>[2]) {
  const user = await registerUserViaApi();
  const opened = await openPage(browser(), '/login', options);
  await login(opened.page, user.phone, user.password);
  await opened.page.getByTestId('home-balance').waitFor();
  return opened;
}

describe('install paths', () => {
  it('beforeinstallprompt: 安装应用 on the home card and in the menu calls prompt(); appinstalled hides both', async () => {
    const { page, context, errors } = await signedInHome({ viewport: { width: 1366, height: 900 } });
    // desktop Chrome without the event: nothing to offer
    expect(await page.getByTestId('install-card').count()).toBe(0);
    expect(await menuItems(page)).not.toContain('安装应用');

    await offerInstall(page);
    await page.getByTestId('install-card').getByRole('button', { name: '安装应用' }).click();
    expect(await prompted(page)).toBe(1);
    // an event prompts once: until the browser offers again, nothing is shown
    await page.getByTestId('install-card').waitFor({ state: 'detached' });

    await offerInstall(page);
    expect(await menuItems(page)).toContain('安装应用');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '安装应用' }).click();
    expect(await prompted(page)).toBe(1);

    await offerInstall(page);
    await page.getByTestId('install-card').waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await page.getByTestId('install-card').waitFor({ state: 'detached' });
    expect(await menuItems(page)).not.toContain('安装应用');
    // installed: a later event offers nothing either
    await offerInstall(page);
    expect(await page.getByTestId('install-card').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('running installed (display-mode standalone, navigator.standalone) shows no install entry nor card', async () => {
    const { page, context } = await signedInHome({ ...PHONE, userAgent: UA.iosSafari });
    await page.getByTestId('install-card').waitFor();
    // iOS's flag for a page opened from the home screen
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }));
    await page.reload();
    await page.getByTestId('home-balance').waitFor();
    expect(await page.getByTestId('install-card').count()).toBe(0);
    expect(await menuItems(page)).not.toContain('安装应用');
    await context.close();

    // an installed app on the desktop or Android: the display-mode media query (Chromium offers no
    // emulation of it, so the page's matchMedia answers as an installed window's would)
    const desktop = await signedInHome({ viewport: { width: 1366, height: 900 } });
    await desktop.context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes('display-mode: standalone')
          ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
          : original(query);
    });
    await desktop.page.reload();
    await desktop.page.getByTestId('home-balance').waitFor();
    await offerInstall(desktop.page);
    await desktop.page.waitForTimeout(300);
    expect(await desktop.page.getByTestId('install-card').count()).toBe(0);
    expect(await menuItems(desktop.page)).not.toContain('安装应用');
    await desktop.context.close();
  });

  it('iPhone Safari: the steps 分享 → 添加到主屏幕 → 添加 on the card and in the menu; the card dismissed stays away 30 days', async () => {
    const { page, context, errors } = await signedInHome({ ...PHONE, userAgent: UA.iosSafari });
    const card = page.getByTestId('install-card');
    const steps = await card.getByTestId('install-steps-ios-share').innerText();
    expect(steps).toMatch(/分享[\s\S]*添加到主屏幕[\s\S]*添加/);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '安装应用' }).click();
    expect(await page.getByTestId('install-sheet').innerText()).toContain('添加到主屏幕');
    await page.getByTestId('install-sheet-close').click();
    await page.getByTestId('install-sheet').waitFor({ state: 'detached' });

    await card.getByTestId('install-card-dismiss').click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('home-balance').waitFor();
    expect(await card.count()).toBe(0);
    // 31 days later it is offered again
    await page.evaluate(() => localStorage.setItem('install-card-dismissed-at', String(Date.now() - 31 * 24 * 3600 * 1000)));
    await page.reload();
    await card.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('WeChat and QQ: the banner on /login and the signed-in pages says to open the browser, with 复制链接; signing in still works', async () => {
    for (const [ua, action] of [
      [UA.wechatAndroid, '选择“在浏览器打开”'],
      [UA.wechatIos, '选择“在 Safari 中打开”'],
      [UA.qqAndroid, '选择“在浏览器打开”'],
    ] as const) {
      const { page, context, errors } = await openPage(browser(), '/login', {
        ...PHONE,
        userAgent: ua,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const banner = page.getByTestId('in-app-banner');
      const text = await banner.innerText();
      expect(text).toContain('右上角的“···”，');
      expect(text).toContain(action);
      expect(text).toContain(ua.includes('MicroMessenger') ? '微信内无法安装本应用' : 'QQ内无法安装本应用');
      await banner.getByRole('button', { name: '复制链接' }).click();
      await expect.poll(() => banner.innerText()).toContain('链接已复制');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL()}/login`);

      const user = await registerUserViaApi();
      await login(page, user.phone, user.password);
      await page.getByTestId('home-balance').waitFor();
      await banner.waitFor();
      // no install card or entry there: the banner is the way
      expect(await page.getByTestId('install-card').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a plain desktop browser shows no banner', async () => {
    const { page, context } = await openPage(browser(), '/login');
    await page.getByTestId('login-form').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('in-app-banner').count()).toBe(0);
    await context.close();
  });

  it('every page carries the installed-app head tags and the iPhone launch screens, which load with their sizes', async () => {
    for (const path of ['/login', '/register', '/plan/list']) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      for (const tag of [
        '<meta name="mobile-web-app-capable" content="yes"',
        '<meta name="apple-mobile-web-app-capable" content="yes"',
        '<meta name="apple-mobile-web-app-status-bar-style" content="default"',
        '<meta name="apple-mobile-web-app-title" content="任务计划"',
      ]) {
        expect(html, `${path}: ${tag}`).toContain(tag);
      }
      const links = [...html.matchAll(/<link rel="apple-touch-startup-image" media="([^"]+)" href="([^"]+)"/g)];
      expect(links.length, path).toBe(STARTUP_IMAGES.length);
      if (path !== '/login') continue;
      for (const [, media, href] of links) {
        const image = STARTUP_IMAGES.find(
          (candidate) =>
            media!.includes(`device-width: ${candidate.width}px`) &&
            media!.includes(`device-height: ${candidate.height}px`) &&
            media!.includes(`ratio: ${candidate.ratio})`),
        );
        expect(image, media).toBeTruthy();
        expect(media).toContain('orientation: portrait');
        const response = await fetch(`${baseURL()}${href}`);
        expect(response.status, href).toBe(200);
        const png = Buffer.from(await response.arrayBuffer());
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, href).toBe(
          `${image!.width * image!.ratio}x${image!.height * image!.ratio}`,
        );
        expect(png.length, href).toBeLessThan(60_000);
      }
    }
  });
});
