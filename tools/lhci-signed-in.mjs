// The signed-in half of `npm run lhci`: Lighthouse (the mobile preset, simulated throttling, the
// same Lighthouse that lhci runs) on the pages a seller lives on. One Chromium tab logs in through
// the login form as the demo account (the session lives in that tab's sessionStorage), then each
// route is audited in that tab `runs` times cold and `runs` times warm (the session is kept,
// disableStorageReset, both times):
//   - cold: before every run the HTTP cache, the service worker and its caches are cleared;
//   - warm: the installed app's second visit. An ordinary load of the route installs the service
//     worker (which fills its caches) and a reload puts the page under its control; then Lighthouse
//     loads the route again with nothing cleared.
// Each cold result is written as <outDir>/lhr-<digits>.json (the only names `lhci assert` reads),
// beside lhci collect's own; each warm result as <outDir>/warm/lhr-<digits>.json, which `lhci assert`
// does not read (it would mix them with the cold runs of the same URL): WARM_BUDGETS holds their budget,
// checked by `npm run lhci` itself.
// A run whose tab crashes (this machine is short of memory at times) is repeated once in a fresh tab
// given the same session.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { SIGNED_IN_ROUTES, clearForColdVisit, firstVisit, keepSession, seedDemoWork, signInThroughForm } from './signed-in.mjs';

export const VISITS = ['cold', 'warm'];
/** Where the warm results go, under lhci's output folder. */
export const WARM_DIR = 'warm';
/** The installed app's second visit: warn-level, like the cold performance budget of lighthouserc.json. */
export const WARM_BUDGETS = { performance: 0.97 };

export async function collectSignedIn({
  baseURL,
  outDir,
  runs,
  chromePath,
  chromeFlags,
  onlyCategories,
  routes = SIGNED_IN_ROUTES,
  visits = VISITS,
}) {
  await seedDemoWork(baseURL);
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    args: chromeFlags.split(/\s+/).filter((flag) => flag && !flag.startsWith('--headless')),
    headless: true,
    defaultViewport: null,
  });
  try {
    const first = await browser.newPage();
    const session = await signInThroughForm(first, baseURL);
    let page = first;
    async function freshTab() {
      await page.close().catch(() => undefined);
      page = await browser.newPage();
      await keepSession(page, session);
    }
    // A crashed tab rejects a promise Lighthouse no longer awaits: note it instead of dying.
    const onStray = (error) => console.error(`lhci signed-in: ${error?.message ?? error}`);
    process.on('unhandledRejection', onStray);
    let written = 0;
    await mkdir(join(outDir, WARM_DIR), { recursive: true });
    try {
      for (const route of routes) {
        const url = new URL(route, baseURL).href;
        for (const visit of visits) {
          for (let run = 1; run <= runs; run++) {
            for (let attempt = 1; ; attempt++) {
              console.log(`lhci signed-in: ${url} (${visit}, run ${run} of ${runs})`);
              try {
                if (visit === 'cold') await clearForColdVisit(page, new URL(baseURL).origin);
                else await firstVisit(page, url);
                const result = await lighthouse(
                  url,
                  { output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories },
                  undefined,
                  page,
                );
                if (!result?.lhr || result.lhr.runtimeError)
                  throw new Error(`Lighthouse failed on ${url}: ${result?.lhr?.runtimeError?.message ?? 'no result'}`);
                if (new URL(result.lhr.finalDisplayedUrl).pathname !== route)
                  throw new Error(`${url} ended on ${result.lhr.finalDisplayedUrl}: the session was lost`);
                // lhci reads only lhr-<digits>.json: a unique number per run (milliseconds, then a counter).
                const file = `lhr-${Date.now()}${String(++written).padStart(3, '0')}.json`;
                await writeFile(visit === 'cold' ? join(outDir, file) : join(outDir, WARM_DIR, file), JSON.stringify(result.lhr));
                break;
              } catch (error) {
                if (attempt === 2) throw error;
                console.error(`lhci signed-in: ${error.message}; once more in a fresh tab`);
                await freshTab();
              }
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
