#!/usr/bin/env node
// `npm run report:weight`: what each page of the build loads, per route: the scripts and style
// sheets the page requests (gzip sizes of those build files, as nginx sends them), in Chromium
// at phone width (390 px; `--width=1440` for desktop). Visitor pages first, then the signed-in
// pages of the demo account logged in through the form, on a temporary database holding plans and
// templates. Builds dist/ when missing (`--rebuild` forces it; `--build-dir=PATH` measures another
// build, e.g. to compare two); `--files` also lists each route's files, largest first. Prints
// figures; passes or fails nothing.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startApiServer } from '../server/test/support/processes.mjs';
import { ensureBuild } from './edge-local.mjs';
import { DEMO, LOGIN_PLACEHOLDERS, SIGNED_IN_ROUTES, seedDemoWork } from './signed-in.mjs';

const VISITOR_ROUTES = ['/login', '/register', '/find-pwd'];
const widthArg = process.argv.find((arg) => arg.startsWith('--width='));
const width = widthArg ? Number(widthArg.slice('--width='.length)) : 390;
const listFiles = process.argv.includes('--files');

const buildDirArg = process.argv.find((arg) => arg.startsWith('--build-dir='));
const buildDir = buildDirArg ? buildDirArg.slice('--build-dir='.length) : await ensureBuild({ force: process.argv.includes('--rebuild') });
const gzipSizes = new Map();
async function gzipSize(path) {
  if (!gzipSizes.has(path)) {
    const bytes = await readFile(join(buildDir, path));
    gzipSizes.set(path, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length);
  }
  return gzipSizes.get(path);
}

const dataDir = await mkdtemp(join(tmpdir(), 'page-weight-'));
const server = await startApiServer({ env: { DATA_DIR: dataDir, DIST_DIR: buildDir, DATABASE_URL: undefined, LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows = [];
try {
  await seedDemoWork(server.baseURL);
  // No service worker: every file the page needs is a request the report sees.
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'zh-CN',
    viewport: { width, height: 844 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  let requested = [];
  page.on('request', (request) => {
    const type = request.resourceType();
    const url = new URL(request.url());
    if ((type === 'script' || type === 'stylesheet') && url.origin === server.baseURL)
      requested.push({ type, path: url.pathname.slice(1) });
  });
  async function measure(route, before = async () => {}) {
    requested = [];
    await before();
    await page.goto(route, { waitUntil: 'networkidle' });
    const row = { route, js: 0, jsFiles: 0, css: 0, cssFiles: 0, files: [] };
    for (const { type, path } of new Map(requested.map((r) => [r.path, r])).values()) {
      const size = await gzipSize(path);
      row.files.push({ path, size });
      if (type === 'script') {
        row.js += size;
        row.jsFiles += 1;
      } else {
        row.css += size;
        row.cssFiles += 1;
      }
    }
    rows.push(row);
  }
  for (const route of VISITOR_ROUTES) await measure(route);
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByPlaceholder(LOGIN_PLACEHOLDERS.phone).fill(DEMO.phone);
  await page.getByPlaceholder(LOGIN_PLACEHOLDERS.password).fill(DEMO.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // Each signed-in page as a fresh load (the session lives in this tab's sessionStorage).
  for (const route of SIGNED_IN_ROUTES) {
    await context.clearCookies();
    await measure(route);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`\nPage weight per route at ${width} px: scripts and style sheets the page requests, gzip (level 9) of the build files`);
console.log('Route                 JS gzip (files)     CSS gzip (files)');
for (const row of rows) {
  console.log(
    `${row.route.padEnd(20)} ${`${kib(row.js)} (${row.jsFiles})`.padStart(17)} ${`${kib(row.css)} (${row.cssFiles})`.padStart(20)}`,
  );
  if (listFiles)
    for (const file of row.files.sort((a, b) => b.size - a.size)) console.log(`    ${kib(file.size).padStart(10)}  ${file.path}`);
}
