/**
 * The inline browser-floor check (src/floor-check.js) in today's Chromium: it stays silent for a
 * browser that runs the app; an engine that cannot parse the app's scripts (simulated here by
 * serving the entry chunk with syntax this engine rejects, as Chromium 76 to 79 reject `?.`) gets the
 * 浏览器版本过旧 panel instead of a form that does nothing; so does an engine whose scripts parse
 * but that lacks Safari 15's BigInt64Array (Safari 13.1 to 14, simulated by removing it before the
 * page's scripts run); an error that is not the engine's (a run-time error, or a SyntaxError once
 * the app runs) shows no panel.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useBrowser } from './harness';

const browser = useBrowser();

/** Serves the page's entry chunk (`<script type="module" src>`) as `body` instead. */
async function replaceEntry(page: Page, body: string) {
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }));
}

const panelShown = (page: Page) => page.evaluate(() => document.querySelector('.too-old-panel') !== null);

describe('the inline floor check', () => {
  it('stays silent where the app runs: no panel, flex gap known', async () => {
    const { page, context, errors } = await openPage(browser(), '/login');
    await page.getByTestId('login-form').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await panelShown(page)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.className)).not.toContain('no-flex-gap');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an entry chunk this engine cannot parse: the panel replaces the page, with 复制链接', async () => {
    const { page, context } = await openPage(browser());
    await replaceEntry(page, 'const broken = ;');
    await page.goto('/login');
    await page.locator('.too-old-panel').waitFor();
    const text = await page.locator('.too-old-panel').innerText();
    expect(text).toContain('浏览器版本过旧');
    expect(text).toContain('复制链接');
    expect(await page.locator('#root').isVisible()).toBe(false);
    await context.close();
  });

  it('an engine below Safari 15 (its scripts parse, BigInt64Array is missing): the panel, on a public and a signed-in route', async () => {
    for (const path of ['/login', '/plan/list']) {
      const { page, context } = await openPage(browser());
      await page.addInitScript(() => {
        delete (window as unknown as Record<string, unknown>).BigInt64Array;
      });
      await page.goto(path);
      await page.locator('.too-old-panel').waitFor();
      expect(await page.locator('.too-old-panel h1').innerText()).toBe('浏览器版本过旧');
      expect(await page.locator('#root').isVisible()).toBe(false);
      await context.close();
    }
  });

  it('a run-time error, or a SyntaxError after the app started, is not the engine: no panel', async () => {
    const { page, context } = await openPage(browser());
    await replaceEntry(page, 'throw new TypeError("not the engine");');
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    expect(await panelShown(page)).toBe(false);
    await context.close();

    const started = await openPage(browser(), '/login');
    await started.page.getByTestId('login-form').waitFor();
    await started.page.waitForLoadState('networkidle');
    await started.page.evaluate(() => setTimeout(() => JSON.parse('<html>')));
    await expect.poll(() => started.errors.length).toBe(1);
    expect(await panelShown(started.page)).toBe(false);
    await started.context.close();
  });
});
