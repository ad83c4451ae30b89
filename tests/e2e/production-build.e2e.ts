/**
 * The build ignores NODE_ENV: global-setup builds with NODE_ENV=development (and CI runs
 * `NODE_ENV=development npm run build`) and the server runs with NODE_ENV=development, yet the
 * page gets React's production build and registers the service worker.
 */
import { describe, expect, it } from 'vitest';
import { openPage, serviceWorkerScope, useBrowser } from './harness';

const browser = useBrowser();

describe('build under NODE_ENV=development', () => {
  it('serves the production React build and registers the service worker', async () => {
    const { context, page, errors } = await openPage(browser(), undefined, { viewport: { width: 390, height: 844 } });
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    const reactChunk = scripts.find((url) => /\/assets\/react-[^/]+\.js$/.test(url));
    expect(reactChunk, `script requests: ${scripts.join(', ')}`).toBeDefined();
    const source = await (await page.request.get(reactChunk!)).text();
    // React's production build replaces its error texts with numbered codes; the development build has none.
    expect(source).toContain('Minified React error');
    expect(await serviceWorkerScope(page, 20_000)).toBe(new URL('/', page.url()).href);
    expect(errors).toEqual([]);
    await context.close();
  });
});
