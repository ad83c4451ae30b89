import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ANNOUNCEMENT_BANNER_INCLUDE } from '../../common/announcement-banner.ts';
import { buildApp } from '../src/app.ts';
import { replaceAnnouncement } from '../src/modules/announcement/index.ts';
import { createTestEnv, type TestEnv } from './support/support.ts';

let env: TestEnv;
let web: FastifyInstance;
let bare: FastifyInstance;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
const INDEX = `<!doctype html><html lang="zh-CN"><head><title>任务计划</title></head><body><div id="root"><div class="app" data-app-shell>${ANNOUNCEMENT_BANNER_INCLUDE}</div></div></body></html>`;
const LOGIN = `<!doctype html><html><body><div id="root"><div class="app">${ANNOUNCEMENT_BANNER_INCLUDE}<form data-testid="login-form"></form></div></div></body></html>`;
const BIG_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'login.html'), LOGIN);
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"任务计划"}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), BIG_JS);
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(BIG_JS));
  env = await createTestEnv();
  web = await buildApp({ ...env.ctx, config: { ...env.ctx.config, distDir: dist } }, { providers: env.providers });
  await web.ready();
  bare = await buildApp({ ...env.ctx, config: { ...env.ctx.config, distDir: path.join(dist, 'missing') } }, { providers: env.providers });
  await bare.ready();
});
afterAll(async () => {
  await web?.close();
  await bare?.close();
  await env?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, app = web) => app.inject({ method: 'GET', url, headers });

describe('serving the built app (npm start)', () => {
  it('hashed assets are immutable for a year', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(BIG_JS);
  });

  it('gzips the page it fills in (the shell with its banner) for a client that accepts gzip', async () => {
    const big = `<!doctype html><html><head><script id="i18n-catalogue" type="application/json">${JSON.stringify({ text: '任务计划'.repeat(400) })}</script></head><body><div id="root"><div class="app" data-app-shell>${ANNOUNCEMENT_BANNER_INCLUDE}</div></div></body></html>`;
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-big-'));
    fs.writeFileSync(path.join(site, 'index.html'), big);
    const app = await buildApp({ ...env.ctx, config: { ...env.ctx.config, distDir: site } }, { providers: env.providers });
    try {
      const plain = await get('/plan/list', {}, app);
      const zipped = await get('/plan/list', { 'accept-encoding': 'gzip' }, app);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['cache-control']).toBe('no-cache');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    } finally {
      await app.close();
      fs.rmSync(site, { recursive: true, force: true });
    }
  });

  it('sends the precompressed file to a client that accepts gzip', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(BIG_JS);
  });

  it('index.html, sw.js and manifest.webmanifest are revalidated (no-cache)', async () => {
    for (const [url, type] of [
      ['/index.html', /text\/html/],
      ['/sw.js', /javascript/],
      ['/manifest.webmanifest', /manifest\+json/],
      ['/favicon.svg', /svg/],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(type);
    }
  });

  it('client routes get the app shell with the current banner in place of its include; / too', async () => {
    await replaceAnnouncement(env.ctx.db, 'top', '新功能上线', new Date());
    const banner = (await get('/api/Announcement/banner')).body;
    expect(banner).toContain('<span class="announcement-text">新功能上线</span>');
    for (const url of ['/', '/plan/list', '/flow/tb?x=1', '/user/center/']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX.replace(ANNOUNCEMENT_BANNER_INCLUDE, () => banner));
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await web.inject({ method: 'HEAD', url: '/plan/list' })).statusCode).toBe(200);
    // The file itself, which the service worker precaches, keeps the include (a cached banner would go stale).
    expect((await get('/index.html')).body).toBe(INDEX);
  });

  it('a missing file is a 404 (never the shell), and a 404 is not cached as immutable', async () => {
    for (const url of [
      '/assets/gone-XyZ999.js',
      '/robots.txt',
      '/assets/../../etc/passwd.js',
      '/assets/',
      '/assets/chunk-without-extension',
    ]) {
      const res = await get(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('<div id="root">');
      expect(res.headers['cache-control'], url).not.toBe('public, max-age=31536000, immutable');
    }
  });

  it('unknown /api paths keep the JSON 404; real API routes still answer', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: '接口不存在：GET /api/nope' });
    expect((await get('/api/healthz')).statusCode).toBe(200);
    expect((await web.inject({ method: 'POST', url: '/plan/list' })).statusCode).toBe(404);
  });

  it('/smi/{id} and /sui/{id} redirect (302) to /login?invite={id}', async () => {
    for (const [url, location] of [
      ['/smi/ABC123', '/login?invite=ABC123'],
      ['/sui/abc-9_x', '/login?invite=abc-9_x'],
      ['/sui/ABC123/', '/login?invite=ABC123'],
      ['/sui', '/login'],
      ['/smi/', '/login'],
      ['/sui/a/b', '/login'],
      ['/sui/%3Cscript%3E', '/login'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
    }
  });

  it('without a build, nothing but the API (and invite redirects) is served', async () => {
    expect((await get('/plan/list', {}, bare)).statusCode).toBe(404);
    expect((await get('/plan/list', {}, bare)).json()).toMatchObject({ success: false });
    expect((await get('/sui/ABC', {}, bare)).statusCode).toBe(302);
  });
});

describe('prerendered public pages (npm start)', () => {
  const setTop = (content: string) => replaceAnnouncement(env.ctx.db, 'top', content, new Date());

  it('/login answers login.html with the current announcement as its banner, revalidated', async () => {
    await setTop('今晚 <22:00> 维护 & "升级"');
    for (const url of ['/login', '/login?invite=abc']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<form data-testid="login-form">');
      expect(res.body, url).not.toContain('<!--#');
      expect(res.body, url).toContain('<span class="announcement-text">今晚 &lt;22:00&gt; 维护 &amp; &quot;升级&quot;</span></div><form');
    }
  });

  it('no announcement: no banner; the same HTML from GET /api/Announcement/banner', async () => {
    await setTop('');
    const res = await get('/login');
    expect(res.body).toContain('<div class="app"><form');
    const fragment = await get('/api/Announcement/banner');
    expect(fragment.statusCode).toBe(200);
    expect(fragment.body).toBe('');
    await setTop('公告');
    const banner = await get('/api/Announcement/banner');
    expect(banner.headers['content-type']).toMatch(/text\/html/);
    expect(banner.headers['cache-control']).toBe('no-store');
    expect(banner.body).toMatch(/^<div class="announcement"[^>]*>.*<span class="announcement-text">公告<\/span><\/div>$/);
    expect((await get('/login')).body).toContain(banner.body);
  });

  it('a form sent before the app started (a POST to its page) is answered 303 back to the page; other POSTs are not', async () => {
    for (const url of ['/login', '/register?invite=abc', '/find-pwd']) {
      const res = await web.inject({
        method: 'POST',
        url,
        payload: 'phone=13800138000&password=secret',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe(url);
      expect(res.body, url).not.toContain('secret');
    }
    expect((await web.inject({ method: 'POST', url: '/plan/list', payload: {} })).statusCode).toBe(404);
    // Spellings of a page that reach its route answer the page itself.
    for (const url of ['/%6Cogin', '/login/', '/%6Cogin?invite=x']) {
      const res = await web.inject({
        method: 'POST',
        url,
        payload: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (res.statusCode === 303) expect(res.headers.location, url).toMatch(/^\/login(\?invite=x)?$/);
    }
  });

  it('a page the build did not prerender, and paths below a page, keep the shell', async () => {
    const banner = (await get('/api/Announcement/banner')).body;
    for (const url of ['/register', '/login/x', '/find-pwd']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX.replace(ANNOUNCEMENT_BANNER_INCLUDE, () => banner));
    }
  });
});
