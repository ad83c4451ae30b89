// The signed-in half of `npm run lhci`: Lighthouse (the mobile preset, simulated throttling, the
// same Lighthouse that lhci runs) on the pages a seller lives on. One Chromium tab logs in through
// the login form as the demo account (the session lives in that tab's sessionStorage), then each
// route is audited in that tab `runs` times, cold: before every run the HTTP cache, the service
// worker and its caches are cleared, the session is kept (disableStorageReset). Each result is
// written as .lighthouseci/lhr-*.json, where `lhci assert` reads it beside lhci collect's own.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO, LOGIN_PLACEHOLDERS, SIGNED_IN_ROUTES, seedDemoWork } from './signed-in.mjs';

export async function collectSignedIn({ baseURL, outDir, runs, chromePath, chromeFlags, onlyCategories }) {
  await seedDemoWork(baseURL);
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    args: chromeFlags.split(/\s+/).filter((flag) => flag && !flag.startsWith('--headless')),
    headless: true,
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    await page.goto(new URL('/login', baseURL).href, { waitUntil: 'networkidle0' });
    await page.type(`input[placeholder="${LOGIN_PLACEHOLDERS.phone}"]`, DEMO.phone);
    await page.type(`input[placeholder="${LOGIN_PLACEHOLDERS.password}"]`, DEMO.password);
    await Promise.all([page.waitForFunction(() => globalThis.location.pathname !== '/login'), page.click('button[type=submit]')]);
    const cdp = await page.createCDPSession();
    let written = 0;
    for (const route of SIGNED_IN_ROUTES) {
      for (let run = 1; run <= runs; run++) {
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL).origin, storageTypes: 'service_workers,cache_storage' });
        const url = new URL(route, baseURL).href;
        console.log(`lhci signed-in: ${url} (run ${run} of ${runs})`);
        const result = await lighthouse(url, { output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories }, undefined, page);
        if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== route) throw new Error(`${url} ended on ${result.lhr.finalDisplayedUrl}: the session was lost`);
        await writeFile(join(outDir, `lhr-signed-in-${Date.now()}-${++written}.json`), JSON.stringify(result.lhr));
      }
    }
  } finally {
    await browser.close();
  }
}
