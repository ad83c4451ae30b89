/**
 * The installed app: a precache that lists each file once, a manifest PWABuilder finds nothing invalid
 * in, whose screenshots and shortcut icons load with the sizes it states; the update prompt arrives
 * in an open tab without a reload, and accepting it reloads each open tab once.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { validateManifest, type Manifest } from '@pwabuilder/manifest-validation';
import { describe, expect, it } from 'vitest';
import { baseURL, CONTENT_TYPES, listenOnLoopback, serviceWorkerScope, useBrowser } from './harness';

const browser = useBrowser();
const dist = resolve(import.meta.dirname, '..', '..', 'dist');

/** PNG width and height from its IHDR chunk. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

describe('install', () => {
  it('precaches each file once (and no install-only pictures)', () => {
    const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
    const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(20);
    expect(urls.filter((url, i) => urls.indexOf(url) !== i)).toEqual([]);
    expect(urls).toContain('index.html');
    expect(urls.filter((url) => /screenshots\/|shortcuts\/|pwa-\d+|maskable/.test(url))).toEqual([]);
  });

  it('serves a manifest with screenshots (wide and narrow), shortcuts and categories; nothing invalid', async () => {
    interface Picture {
      src: string;
      sizes: string;
      form_factor?: string;
    }
    const raw = (await (await fetch(`${baseURL()}/manifest.webmanifest`)).json()) as Record<string, unknown>;
    const manifest = raw as Manifest;
    const screenshots = raw.screenshots as Picture[];
    const shortcuts = raw.shortcuts as { name: string; url: string; icons: Picture[] }[];
    const categories = raw.categories as string[];
    const failed = (await validateManifest(manifest)).filter((check) => check.valid === false && check.category === 'required');
    expect(failed.map((check) => `${check.member}: ${check.errorString}`)).toEqual([]);
    const invalid = (await validateManifest(manifest)).filter((check) => check.valid === false && raw[check.member] !== undefined);
    expect(invalid.map((check) => `${check.member}: ${check.errorString}`)).toEqual([]);

    expect(categories.length).toBeGreaterThan(0);
    expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    expect(shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['发布计划', '/flow/tb'],
      ['我的计划', '/plan/list'],
      ['积分充值', '/recharge/integral'],
    ]);
    const pictures: Picture[] = [...screenshots, ...shortcuts.flatMap((s) => s.icons)];
    for (const picture of pictures) {
      const response = await fetch(new URL(picture.src, `${baseURL()}/`));
      expect(response.status, picture.src).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/png');
      expect(pngSize(Buffer.from(await response.arrayBuffer())), picture.src).toBe(picture.sizes);
    }
  });

  it('shows the update prompt in open tabs without a reload; accepting reloads each tab once', async () => {
    // a copy of dist/ on a tiny static server, so the test can "deploy" a new sw.js under open tabs
    const dir = mkdtempSync(join(tmpdir(), 'e2e-deploy-'));
    cpSync(dist, dir, { recursive: true });
    const server = await listenOnLoopback((request, response) => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      if (path.startsWith('/api/')) {
        response.writeHead(503, { 'Content-Type': 'application/json' }).end('{"success":false,"message":"维护中"}');
        return;
      }
      const file = join(dir, path);
      const target = file.startsWith(dir) && existsSync(file) && statSync(file).isFile() ? file : join(dir, 'index.html');
      response.writeHead(200, {
        'Content-Type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
      });
      response.end(readFileSync(target));
    });
    const context = await browser().newContext({ baseURL: server.origin, locale: 'zh-CN' });
    try {
      const first = await context.newPage();
      await first.goto('/login');
      await serviceWorkerScope(first);
      const second = await context.newPage();
      await second.goto('/register');
      const tabs = [first, second];
      for (const tab of tabs) {
        await tab.reload();
        await tab.waitForFunction(() => navigator.serviceWorker.controller !== null);
      }
      const documents = new Map(tabs.map((tab) => [tab, 0]));
      for (const tab of tabs) {
        tab.on('framenavigated', (frame) => {
          if (frame === tab.mainFrame()) documents.set(tab, documents.get(tab)! + 1);
        });
      }

      // "deploy": the service worker changes; the open tabs learn of it when they gain focus, after a minute
      writeFileSync(join(dir, 'sw.js'), `${readFileSync(join(dir, 'sw.js'), 'utf8')}\n// deployment 2\n`);
      await first.evaluate(() => {
        const later = Date.now() + 61_000;
        Date.now = () => later;
        window.dispatchEvent(new Event('focus'));
      });
      for (const tab of tabs) {
        await tab.getByTestId('update-prompt').waitFor({ timeout: 30_000 });
        expect(await tab.getByTestId('update-prompt').innerText()).toContain('发现新版本');
      }
      expect([...documents.values()]).toEqual([0, 0]);
      // the old version keeps working until then
      expect(await second.getByTestId('register-form').isVisible()).toBe(true);

      await first.getByTestId('update-reload').click();
      for (const tab of tabs) {
        await tab.waitForFunction(() => navigator.serviceWorker.controller !== null && document.readyState === 'complete');
      }
      await new Promise((r) => setTimeout(r, 2000));
      expect([...documents.values()]).toEqual([1, 1]);
      for (const tab of tabs) expect(await tab.getByTestId('update-prompt').count()).toBe(0);
    } finally {
      await context.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
