// The signed-in half of `npm run lhci`: Lighthouse (the mobile preset, simulated throttling, the
// same Lighthouse that lhci runs) on the pages a seller lives on. One Chromium tab logs in through
// the login form as the demo account (the session lives in that tab's sessionStorage), then each
// route is audited in that tab `runs` times, cold: before every run the HTTP cache, the service
// worker and its caches are cleared, the session is kept (disableStorageReset). Each result is
// written as .lighthouseci/lhr-<digits>.json (the only names `lhci assert` reads), beside lhci collect's own.
// A run whose tab crashes (this machine is short of memory at times) is repeated once in a fresh tab
// given the same session.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO, LOGIN_PLACEHOLDERS, SIGNED_IN_ROUTES, seedDemoWork } from './signed-in.mjs';

export async function collectSignedIn({ baseURL, outDir, runs, chromePath, chromeFlags, onlyCategories, routes = SIGNED_IN_ROUTES }) {
  await seedDemoWork(baseURL);
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    args: chromeFlags.split(/\s+/).filter((flag) => flag && !flag.startsWith('--headless')),
    headless: true,
    defaultViewport: null,
  });
  try {
    const first = await browser.newPage();
    await first.goto(new URL('/login', baseURL).href, { waitUntil: 'networkidle0' });
    await first.type(`input[placeholder="${LOGIN_PLACEHOLDERS.phone}"]`, DEMO.phone);
    await first.type(`input[placeholder="${LOGIN_PLACEHOLDERS.password}"]`, DEMO.password);
    await Promise.all([first.waitForFunction(() => globalThis.location.pathname !== '/login'), first.click('button[type=submit]')]);
    // The session the form left in this tab's sessionStorage, for a fresh tab after a crashed one.
    const session = await first.evaluate(() => Object.entries(globalThis.sessionStorage));
    let page = first;
    async function freshTab() {
      await page.close().catch(() => undefined);
      page = await browser.newPage();
      await page.evaluateOnNewDocument((entries) => {
        for (const [key, value] of entries) if (globalThis.sessionStorage.getItem(key) === null) globalThis.sessionStorage.setItem(key, value);
      }, session);
    }
    // A crashed tab rejects a promise Lighthouse no longer awaits: note it instead of dying.
    const onStray = (error) => console.error(`lhci signed-in: ${error?.message ?? error}`);
    process.on('unhandledRejection', onStray);
    let written = 0;
    try {
      for (const route of routes) {
        const url = new URL(route, baseURL).href;
        for (let run = 1; run <= runs; run++) {
          for (let attempt = 1; ; attempt++) {
            console.log(`lhci signed-in: ${url} (run ${run} of ${runs})`);
            try {
              const cdp = await page.createCDPSession();
              await cdp.send('Network.clearBrowserCache');
              await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL).origin, storageTypes: 'service_workers,cache_storage' });
              await cdp.detach();
              const result = await lighthouse(url, { output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories }, undefined, page);
              if (!result?.lhr || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result?.lhr?.runtimeError?.message ?? 'no result'}`);
              if (new URL(result.lhr.finalDisplayedUrl).pathname !== route) throw new Error(`${url} ended on ${result.lhr.finalDisplayedUrl}: the session was lost`);
              // lhci reads only lhr-<digits>.json: a unique number per run (milliseconds, then a counter).
              await writeFile(join(outDir, `lhr-${Date.now()}${String(++written).padStart(3, '0')}.json`), JSON.stringify(result.lhr));
              break;
            } catch (error) {
              if (attempt === 2) throw error;
              console.error(`lhci signed-in: ${error.message}; once more in a fresh tab`);
              await freshTab();
            }
          }
        }
      }
    } finally {
      process.off('unhandledRejection', onStray);
    }
  } finally {
    await browser.close();
  }
}
