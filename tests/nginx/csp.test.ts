/**
 * The Content-Security-Policy against the running app, in real Chromium through nginx: loading
 * /login, logging in with the demo account and landing on the home page (antd's run-time styles,
 * the service worker, the manifest, /api calls) must not violate it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';

const edge = inject('edge');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
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
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    const violations = await watchViolations(page);

    const response = await page.goto(`${edge.url}/login`, { waitUntil: 'networkidle' });
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const form = page.locator('form[data-testid="login-form"]');
    await form.locator('input[name="phone"]').fill('13800138000');
    await form.locator('input[name="password"]').fill('demo12345');
    await form.locator('button[type="submit"]').click();

    // Logged in: the app leaves /login for the home page and shows the points balance.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
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

    expect(violations).toEqual([]);
    await context.close();
  });
});
