/**
 * The Content-Security-Policy against the running app, in real Chromium through nginx: loading
 * /login, logging in with the demo account, the home page (antd's run-time styles, the service
 * worker, the manifest, /api calls) and the other logged-in screens must not violate it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launchBrowser, login } from '../e2e/harness';

const edge = inject('edge');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Every CSP violation the page reports: console messages and securitypolicyviolation events. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

describe('Content-Security-Policy in Chromium', () => {
  it('loading /login and logging in with the demo account violates nothing', async () => {
    const context = await browser.newContext({ baseURL: edge.url, locale: 'zh-CN', serviceWorkers: 'allow' });
    const page = await context.newPage();
    const violations = await watchViolations(page);

    const response = await page.goto('/login', { waitUntil: 'networkidle' });
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await login(page, DEMO.phone, DEMO.password);

    // Logged in: the home page with the points balance of the top bar.
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('积分余额').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');

    // antd wrote its styles at run time (CSS-in-JS <style> elements), which the CSP allowed.
    const runtimeStyles = await page.evaluate(() => document.querySelectorAll('style').length);
    expect(runtimeStyles).toBeGreaterThan(0);

    // The service worker registered and took control under the same policy (worker-src 'self').
    const scope = await page.evaluate(async () => {
      const registration = await Promise.race([
        navigator.serviceWorker.ready,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
      ]);
      return registration ? registration.scope : null;
    });
    expect(scope).toBe(`${edge.url}/`);

    // The manifest loads (manifest-src 'self').
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? (await fetch(link.href)).status : 0;
    });
    expect(manifest).toBe(200);

    // The other screens of a logged-in user: QR codes, operator images, tables, forms.
    for (const path of ['/user/center', '/flow/tb', '/plan/list', '/plan/template', '/recharge/integral', '/recharge/member']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname, `${path} stays (logged in)`).toBe(path);
    }

    expect(violations).toEqual([]);
    await context.close();
  });

  it('the watcher does report a violation when there is one (an inline script)', async () => {
    const context = await browser.newContext({ baseURL: edge.url });
    const page = await context.newPage();
    const violations = await watchViolations(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.appendChild(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(ran).toBe(false);
    expect(violations.join('\n')).toContain('script-src');
    await context.close();
  });
});
