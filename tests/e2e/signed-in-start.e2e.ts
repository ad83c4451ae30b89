/**
 * How a signed-in page starts (src/app-start.js, the shell's start map of build/app-start.ts): the
 * page's first data (its API calls and catalogue file) is asked for by the HTML's inline script
 * before any of the app's code, the app's code once the shell has painted, and the page's own chunk
 * together with the entry, not after it (no chain entry -> page chunk -> catalogue -> API). The app
 * takes the early answers over.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, openSignedInPage, useBrowser } from './harness';

const browser = useBrowser();

interface Timing {
  name: string;
  startTime: number;
  responseEnd: number;
}

describe('a signed-in page starts without a chain', () => {
  it('/plan/list: data before the code, the code after the first paint, the page chunk with the entry', async () => {
    const { page, context, errors } = await openSignedInPage(browser(), DEMO, { serviceWorkers: 'block' });
    await page.goto('/plan/list');
    await page.getByTestId('plan-list').waitFor();

    const { start, timings, paint, catalogue } = await page.evaluate(() => ({
      start: JSON.parse(document.getElementById('app-start')!.textContent!) as {
        entry: string;
        routes: { path: string; js: string[]; api: { url: string }[]; ns: string[] }[];
      },
      timings: performance.getEntriesByType('resource').map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return {
          name: new URL(timing.name).pathname + new URL(timing.name).search,
          startTime: timing.startTime,
          responseEnd: timing.responseEnd,
        };
      }),
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      catalogue: (JSON.parse(document.getElementById('i18n-catalogue')!.textContent!) as { urls: Record<string, string> }).urls,
    }));
    const route = start.routes.find((candidate) => candidate.path === '/plan/list')!;
    const timing = (name: string): Timing => {
      const found = timings.find((item: Timing) => item.name === name);
      if (!found) throw new Error(`${name} was not loaded`);
      return found;
    };
    const entry = timing(start.entry);
    const data = [...route.api.map((call) => call.url), ...route.ns.map((ns) => catalogue[ns]!)];
    expect(data.length).toBeGreaterThan(2);
    // the data is asked for by the HTML, before the app's code
    for (const url of data) expect(timing(url).startTime, url).toBeLessThan(entry.startTime);
    // the code once the shell has painted (the banner), so it never delays that paint
    expect(paint).toBeDefined();
    expect(entry.startTime).toBeGreaterThanOrEqual(paint!);
    // the page's chunks with the entry, not once the entry has arrived and run
    for (const file of route.js) expect(timing(file).startTime, file).toBeLessThan(entry.responseEnd);
    // the app took every early answer over (a taken one leaves window.__appEarly)
    expect(await page.evaluate(() => Object.keys((window as { __appEarly?: object }).__appEarly ?? {}))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a shell with nothing to paint (no announcement, or the service worker's copy) starts once parsed", async () => {
    const { page, context, errors } = await openSignedInPage(browser(), DEMO, { serviceWorkers: 'block' });
    // The shell as the service worker keeps it: the banner's include not filled in.
    let served = '';
    await page.route(
      (url) => url.pathname === '/plan/list',
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /<div class="announcement"[\s\S]*?<\/div>/,
          '<!--# include virtual="/_fragments/announcement-banner" -->',
        );
        served = html;
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto('/plan/list');
    await page.getByTestId('plan-list').waitFor();
    const entryStart = await page.evaluate(() => {
      const entry = (JSON.parse(document.getElementById('app-start')!.textContent!) as { entry: string }).entry;
      return performance.getEntriesByType('resource').find((item) => new URL(item.name).pathname === entry)?.startTime;
    });
    expect(served).toContain('data-app-shell><!--# include');
    // asked for at the document's end, not by the 3 s fallback of a page that never paints
    expect(entryStart).toBeDefined();
    expect(entryStart!).toBeLessThan(2_000);
    expect(errors).toEqual([]);
    await context.close();
  });
});
