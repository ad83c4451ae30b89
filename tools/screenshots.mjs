#!/usr/bin/env node
/**
 * `npm run screenshots`: re-makes the pictures the web app manifest offers to the install sheet and
 * the installed icon's quick actions, into public/ (kept in the repository):
 * - public/screenshots/home-wide.png (1280x720) and home-narrow.png (390x844): the running app in
 *   Chinese (a production build served by `npm start -w server` on a free loopback port, fresh
 *   embedded database, the demo account signed in);
 * - public/shortcuts/{flow,plan,recharge}.png: 96x96 icons of the three shortcuts, drawn from the
 *   SVG below in the same Chromium;
 * - public/startup/iphone-<w>x<h>.png: the iPhone launch screens (common/startup-images.ts), the
 *   app's own first paint at each screen size and pixel ratio: its page background and top bar with
 *   the logo, the content not yet there. `--startup` makes only these.
 * Builds dist/ first when it is missing. Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium)
 * and a Chinese font (Debian: fonts-wqy-microhei), or the texts come out as empty boxes.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startApiServer } from '../server/test/support/processes.mjs';
import { ROOT as root, ensureBuild } from './edge-local.mjs';
import { DEMO, LOGIN_PLACEHOLDERS } from './signed-in.mjs';
import { STARTUP_IMAGES, startupImagePath } from '../common/startup-images.ts';

const onlyStartup = process.argv.includes('--startup');

const SHORTCUT_GLYPHS = {
  // 发布计划: a plus
  flow: '<path d="M48 26v44M26 48h44" stroke="#fff" stroke-width="9" stroke-linecap="round"/>',
  // 我的计划: a list
  plan: '<g stroke="#fff" stroke-width="7" stroke-linecap="round"><path d="M40 32h28M40 48h28M40 64h28"/><path d="M28 32h0M28 48h0M28 64h0"/></g>',
  // 积分充值: a coin with ¥
  recharge:
    '<circle cx="48" cy="48" r="24" fill="none" stroke="#fff" stroke-width="6"/><path d="M39 36l9 11 9-11M48 47v15M40 50h16M40 57h16" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" fill="none"/>',
};

function shortcutSvg(glyph) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#1677ff"/>${glyph}</svg>`;
}

const buildDir = await ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'screenshots-data-'));
const server = await startApiServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DIST_DIR: buildDir } });
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
try {
  const shots = join(root, 'public', 'screenshots');
  const icons = join(root, 'public', 'shortcuts');
  mkdirSync(shots, { recursive: true });
  mkdirSync(icons, { recursive: true });

  const startup = join(root, 'public', 'startup');
  mkdirSync(startup, { recursive: true });
  for (const image of STARTUP_IMAGES) {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: image.width, height: image.height },
      deviceScaleFactor: image.ratio,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    // the shell as it first paints: the top bar's logo on the page background, nothing else yet
    await page.addStyleTag({
      content:
        '.announcement, .in-app-banner, .update-prompt { display: none !important; } .topbar-nav, .topbar-right, .app-main, .float-nav { opacity: 0 !important; }',
    });
    const file = startupImagePath(image);
    await page.screenshot({ path: join(root, 'public', file) });
    console.log(`screenshots: public${file} (${image.width * image.ratio}x${image.height * image.ratio})`);
    await context.close();
  }

  for (const [name, viewport, isMobile] of onlyStartup
    ? []
    : [
        ['home-wide', { width: 1280, height: 720 }, false],
        ['home-narrow', { width: 390, height: 844 }, true],
      ]) {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport,
      isMobile,
      hasTouch: isMobile,
      deviceScaleFactor: 1,
      locale: 'zh-CN',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/login');
    const form = page.getByTestId('login-form');
    await form.getByPlaceholder(LOGIN_PLACEHOLDERS.phone).fill(DEMO.phone);
    await form.getByPlaceholder(LOGIN_PLACEHOLDERS.password).fill(DEMO.password);
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('balance').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(shots, `${name}.png`) });
    console.log(`screenshots: public/screenshots/${name}.png (${viewport.width}x${viewport.height})`);
    await context.close();
  }

  const context = await browser.newContext({ viewport: { width: 96, height: 96 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const [name, glyph] of Object.entries(onlyStartup ? {} : SHORTCUT_GLYPHS)) {
    await page.setContent(`<html><body style="margin:0">${shortcutSvg(glyph)}</body></html>`);
    await page.screenshot({ path: join(icons, `${name}.png`), omitBackground: true, clip: { x: 0, y: 0, width: 96, height: 96 } });
    console.log(`screenshots: public/shortcuts/${name}.png (96x96)`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
