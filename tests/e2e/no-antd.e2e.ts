/**
 * The pages a signed-in user lives on load none of antd on a phone until something of antd's is
 * opened (a dialog, a picker): neither its code (the shared antd chunk) nor its run-time styles.
 * Each page is a fresh load, so the resource list is that page's own.
 */
import { describe, expect, it } from 'vitest';
import { openSignedInPage, registerUserViaApi, useBrowser } from './harness';

const browser = useBrowser();

/** Each page and what shows once it has loaded its code and data (a new user has no plans). */
const PAGES: [path: string, shown: string][] = [
  ['/', '[data-testid="plan-overview"]'],
  ['/flow/tb', '[data-testid="publish"]'],
  ['/plan/list', '[data-testid="plan-list"] [data-testid="empty-state"]'],
  ['/plan/template', '[data-testid="template-list"] [data-testid="empty-state"]'],
  ['/recharge/integral', '[data-testid^="package-"]'],
  ['/user/center', '[data-testid="invite-qr"] canvas'],
];

describe('pages without antd', () => {
  it('on a phone, the home page, the publish form, the plan pages, the points top-up and the user centre load no antd', async () => {
    const user = await registerUserViaApi();
    const { page, context, errors } = await openSignedInPage(browser(), user, { viewport: { width: 390, height: 844 } });
    for (const [path, shown] of PAGES) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator(shown).first().waitFor();
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
      expect(
        scripts.filter((script) => /\/assets\/antd-/.test(script)),
        path,
      ).toEqual([]);
      expect(await page.locator('style[data-css-hash]').count(), path).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
