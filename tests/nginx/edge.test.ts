/**
 * The nginx template in real nginx, header by header: invite redirects, SPA fallback, cache rules
 * per kind of file, gzip (on the fly and precompressed), the /api proxy and the security headers.
 */
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { get, one, post, type RawResponse } from './http';
import { startSecondNginx } from './second-nginx';
import { ANNOUNCEMENT_BANNER_INCLUDE } from '../../common/announcement-banner';
import { APP_START_ELEMENT_ID, type AppStart } from '../../build/app-start';
import { PRERENDERED_PAGES } from '../../common/prerendered-pages';
import { freePort } from '../../tools/edge-local.mjs';

const edge = inject('edge');
const at = (path: string) => `${edge.url}${path}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let indexHtml: Buffer;
let mainScript: string; // /assets/index-<hash>.js, the entry index.html's #app-start block names
let stylesheet: string | undefined; // /assets/*.css named by index.html, if any
let workboxRuntime: string | undefined; // /workbox-<hash>.js of generateSW, if any

beforeAll(async () => {
  indexHtml = await readFile(join(edge.webRoot, 'index.html'));
  const html = indexHtml.toString('utf8');
  // The page carries no module script of its own: the inline start script loads the entry it names.
  const appStart = new RegExp(`<script id="${APP_START_ELEMENT_ID}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
  mainScript = appStart ? (JSON.parse(appStart) as AppStart).entry : '';
  stylesheet = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  const rootFiles = await readdir(edge.webRoot);
  const workbox = rootFiles.find((name) => /^workbox-.+\.js$/.test(name));
  workboxRuntime = workbox ? `/${workbox}` : undefined;
  expect(mainScript, 'index.html names its entry script under /assets/').toMatch(/^\/assets\/.+\.js$/);
});

function expectSecurityHeaders(response: RawResponse, what: string) {
  const csp = one(response, 'content-security-policy');
  expect(csp, `${what}: Content-Security-Policy`).toBeTruthy();
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'(?![^;]*'unsafe-inline')/);
  expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/);
  expect(csp).toMatch(/connect-src 'self'/);
  expect(one(response, 'x-content-type-options'), `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(one(response, 'x-frame-options'), `${what}: X-Frame-Options`).toBe('DENY');
  expect(one(response, 'referrer-policy'), `${what}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
}

/**
 * A file under /assets/: nosniff, and no document policy (CSP, frame, referrer, permissions, opener
 * policies apply to documents and workers, none of which is there): half a kilobyte less per file.
 */
function expectAssetHeaders(response: RawResponse, what: string) {
  expect(one(response, 'x-content-type-options'), `${what}: X-Content-Type-Options`).toBe('nosniff');
  for (const name of [
    'content-security-policy',
    'x-frame-options',
    'referrer-policy',
    'permissions-policy',
    'cross-origin-opener-policy',
  ]) {
    expect(response.headers[name], `${what}: no ${name}`).toBeUndefined();
  }
}

async function demoToken(): Promise<string> {
  const response = await post(at('/api/user/pwd-login'), { phone: '13800138000', password: 'demo12345' });
  expect(response.status).toBe(200);
  const body = JSON.parse(response.body.toString('utf8'));
  expect(body.success).toBe(true);
  return body.data.token as string;
}

describe('invite links', () => {
  it.each(['/smi/abc123', '/sui/Ab_9-z'])('%s redirects to /login with the invite id', async (path) => {
    const response = await get(at(path));
    expect(response.status).toBe(302);
    expect(one(response, 'location')).toBe(`/login?invite=${path.split('/')[2]}`);
    expectSecurityHeaders(response, path);
  });

  it('keeps the id when the link ends with a slash', async () => {
    const response = await get(at('/sui/XY12/'));
    expect(response.status).toBe(302);
    expect(one(response, 'location')).toBe('/login?invite=XY12');
  });

  it('sends odd or missing ids to /login without an invite (no header injection)', async () => {
    for (const path of ['/smi', '/sui/', '/smi/a%0d%0aSet-Cookie:x=1', '/sui/a/b']) {
      const response = await get(at(path));
      expect(response.status, path).toBe(302);
      expect(one(response, 'location'), path).toBe('/login');
      expect(response.all.has('set-cookie'), path).toBe(false);
    }
  });
});

describe('SPA shell', () => {
  it.each(['/', '/login/x', '/plan/list', '/user/center', '/flow/tb', '/recharge/integral-details'])(
    'deep link %s answers the app shell with the current banner in place of its include, revalidated on every load',
    async (path) => {
      const shell = indexHtml.toString('utf8');
      expect(shell).toContain(ANNOUNCEMENT_BANNER_INCLUDE);
      const banner = (await get(at('/api/Announcement/banner'))).body.toString('utf8');
      expect(banner, 'the seeded announcement').toMatch(/^<div class="announcement"/);
      const response = await get(at(`${path}?from=test`));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body.toString('utf8')).toBe(shell.replace(ANNOUNCEMENT_BANNER_INCLUDE, () => banner));
      expect(one(response, 'cache-control')).toBe('no-cache');
      expectSecurityHeaders(response, path);
    },
  );

  it('/index.html itself (what the service worker precaches) keeps the include: a cached banner would go stale', async () => {
    const response = await get(at('/index.html'));
    expect(response.status).toBe(200);
    expect(response.body.equals(indexHtml)).toBe(true);
  });

  it('answers 404, not the shell, for a missing file', async () => {
    for (const path of ['/missing-icon.png', '/robots-nope.txt']) {
      const response = await get(at(path));
      expect(response.status, path).toBe(404);
      expect(response.body.equals(indexHtml), path).toBe(false);
      expectSecurityHeaders(response, path);
    }
  });
});

describe('prerendered public pages', () => {
  const pages = Object.entries(PRERENDERED_PAGES);

  it.each(pages)('%s answers %s with the current announcement banner in place of its include', async (path, file) => {
    const written = await readFile(join(edge.webRoot, file), 'utf8');
    expect(written).toContain(ANNOUNCEMENT_BANNER_INCLUDE);
    const banner = (await get(at('/api/Announcement/banner'))).body.toString('utf8');
    expect(banner, 'the seeded announcement').toMatch(/^<div class="announcement"/);
    const response = await get(at(`${path}?invite=abc`));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(one(response, 'cache-control')).toBe('no-cache');
    expectSecurityHeaders(response, path);
    expect(response.body.toString('utf8')).toBe(written.replace(ANNOUNCEMENT_BANNER_INCLUDE, () => banner));
    // Compressed on the fly (the precompressed file still holds the include).
    const gzipped = await get(at(path), { 'accept-encoding': 'gzip' });
    expect(one(gzipped, 'content-encoding')).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString('utf8')).toContain('<span class="announcement-text">');
  });

  it.each(pages)('a form sent to %s before the app started is answered 303 back to the page (with its query)', async (path) => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const response = await get(at(`${path}?invite=abc`), form, 'POST', 'phone=13800138000&password=secret');
    expect(response.status).toBe(303);
    expect(one(response, 'location')).toMatch(new RegExp(`^(${edge.url})?${path}\\?invite=abc$`));
    expect(response.body.toString('utf8')).not.toContain('secret');
  });

  it('the banner fragment is internal: a client asking for it gets nothing', async () => {
    const response = await get(at('/_fragments/announcement-banner'));
    expect([204, 404]).toContain(response.status);
    expect(response.body.toString('utf8')).not.toContain('announcement');
  });

  it('without the API the pages still answer, without a banner and without an error text', async () => {
    const nginx = await startSecondNginx({ apiUpstream: `http://127.0.0.1:${await freePort()}`, webRoot: edge.webRoot });
    try {
      for (const [path, file] of pages) {
        const written = await readFile(join(edge.webRoot, file), 'utf8');
        const response = await get(`${nginx.url}${path}`);
        expect(response.status, path).toBe(200);
        expect(response.body.toString('utf8'), path).toBe(written.replace(ANNOUNCEMENT_BANNER_INCLUDE, ''));
      }
    } finally {
      await nginx.stop();
    }
  });
});

describe('cache headers per kind of file', () => {
  it('hashed assets are immutable for a year, with nosniff and none of the document policies', async () => {
    for (const path of [mainScript, stylesheet].filter((p): p is string => !!p)) {
      const response = await get(at(path));
      expect(response.status, path).toBe(200);
      expect(one(response, 'cache-control'), path).toBe(IMMUTABLE);
      expectAssetHeaders(response, path);
      const again = await get(at(path), { 'if-none-match': String(response.headers.etag) });
      expect(again.status, `${path} revalidated`).toBe(304);
      expect(one(again, 'cache-control'), path).toBe(IMMUTABLE);
      expectAssetHeaders(again, `${path} 304`);
    }
    const script = await get(at(mainScript));
    expect(script.headers['content-type']).toMatch(/^(application|text)\/javascript/);
  });

  it('a missing hashed asset is a 404 that nobody may keep', async () => {
    const response = await get(at('/assets/index-00000000.js'));
    expect(response.status).toBe(404);
    expect(one(response, 'cache-control')).toBe('no-store');
    expect(response.body.equals(indexHtml)).toBe(false);
    expectSecurityHeaders(response, 'missing asset');
  });

  it('index.html, sw.js and the manifest are always revalidated', async () => {
    const expectedTypes: Record<string, RegExp> = {
      '/index.html': /^text\/html/,
      '/sw.js': /^(application|text)\/javascript/,
      '/manifest.webmanifest': /^application\/manifest\+json/,
    };
    for (const [path, type] of Object.entries(expectedTypes)) {
      const response = await get(at(path));
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type'], path).toMatch(type);
      expect(one(response, 'cache-control'), path).toBe('no-cache');
      expect(response.headers.etag, `${path} has a validator for cheap 304s`).toBeTruthy();
      expectSecurityHeaders(response, path);
    }
  });

  it('a conditional request for index.html is a 304 with the same rules', async () => {
    const first = await get(at('/index.html'));
    const again = await get(at('/index.html'), { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(one(again, 'cache-control')).toBe('no-cache');
    expectSecurityHeaders(again, '304');
  });

  it('the workbox runtime (named by sw.js, not by the build hash rules) is revalidated', async () => {
    if (!workboxRuntime) {
      // generateSW inlined the runtime: then sw.js is the only worker script, checked above.
      expect(await readFile(join(edge.webRoot, 'sw.js'), 'utf8')).not.toMatch(/importScripts\(["']\.?\/?workbox-/);
      return;
    }
    const response = await get(at(workboxRuntime));
    expect(response.status).toBe(200);
    expect(one(response, 'cache-control')).toBe('no-cache');
    expectSecurityHeaders(response, workboxRuntime);
  });

  it('public files that are not hashed (icons) are revalidated, not kept for a year', async () => {
    const response = await get(at('/favicon.svg'));
    expect(response.status).toBe(200);
    expect(one(response, 'cache-control')).toBe('no-cache');
  });
});

describe('compression', () => {
  it('serves the precompressed .gz of an asset (gzip_static) to gzip clients', async () => {
    const file = join(edge.webRoot, mainScript);
    const gz = await readFile(`${file}.gz`);
    const response = await get(at(mainScript), { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(one(response, 'content-encoding')).toBe('gzip');
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    // Byte for byte the file on disk: sent as is, not compressed again on the fly.
    expect(Number(response.headers['content-length'])).toBe(gz.length);
    expect(response.body.equals(gz)).toBe(true);
    expect(gunzipSync(response.body).equals(await readFile(file))).toBe(true);
    expect(one(response, 'cache-control')).toBe(IMMUTABLE);
  });

  it('sends the plain file to clients that do not accept gzip', async () => {
    const response = await get(at(mainScript));
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.equals(await readFile(join(edge.webRoot, mainScript)))).toBe(true);
  });

  it('compresses on the fly what has no .gz (an /api JSON answer)', async () => {
    const token = await demoToken();
    const response = await get(at('/api/plan/config/full-data'), {
      'accept-encoding': 'gzip',
      't-token': token,
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(response.status).toBe(200);
    expect(one(response, 'content-encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(response.body).toString('utf8'));
    expect(body.success).toBe(true);
    expect(Array.isArray(body.data)).toBe(true);
  });
});

describe('/api proxy', () => {
  it('reaches the API server: the top announcement answers through nginx', async () => {
    const response = await get(at('/api/Announcement/get?type=top'));
    expect(response.status).toBe(200);
    const body = JSON.parse(response.body.toString('utf8'));
    expect(body.success).toBe(true);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers are never cached, whatever their status', async () => {
    const token = await demoToken();
    const cases: Array<[string, Record<string, string>, number]> = [
      ['/api/user/user-data', { 't-token': token }, 200],
      ['/api/healthz', {}, 404],
      ['/api/user/user-data', {}, 401],
      ['/api/no-such-endpoint', {}, 404],
    ];
    for (const [path, headers, status] of cases) {
      const response = await get(at(path), { 'x-requested-with': 'XMLHttpRequest', ...headers });
      expect(response.status, path).toBe(status);
      expect(one(response, 'cache-control'), `${path} ${status}`).toBe('private, no-store');
      expect(response.headers.expires, path).toBeUndefined();
      expectSecurityHeaders(response, `${path} ${status}`);
    }
  });

  it("reference data keeps the API's no-cache and ETag; a revalidation answers 304 through nginx", async () => {
    const first = await get(at('/api/plan/config/full-data'), { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(one(first, 'cache-control')).toBe('public, no-cache');
    expect(one(first, 'content-encoding')).toBe('gzip');
    const etag = one(first, 'etag') ?? '';
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/); // gzip makes nginx weaken the API's strong tag
    for (const encoding of ['gzip', 'identity']) {
      const again = await get(at('/api/plan/config/full-data'), { 'accept-encoding': encoding, 'if-none-match': etag });
      expect(again.status, encoding).toBe(304);
      expect(again.body.length).toBe(0);
      expect(one(again, 'cache-control')).toBe('public, no-cache');
      expectSecurityHeaders(again, 'full-data 304');
    }
    const token = await demoToken();
    const goods = await get(at('/api/god/get?type=integral'), { 't-token': token });
    expect(one(goods, 'cache-control')).toBe('private, no-cache');
    const stale = await get(at('/api/plan/config/full-data'), { 'if-none-match': 'W/"not-the-current-one"' });
    expect(stale.status).toBe(200);
  });

  it('passes the client address from a trusted proxy (the CDN) to the API', async () => {
    const probe = randomUUID();
    await get(at('/api/user/user-data'), { 'x-forwarded-for': '203.0.113.9', 'x-request-id': probe });
    const entry = await apiLogEntry(probe);
    // The API (TRUST_PROXY=1) logs request.ip, taken from X-Forwarded-For.
    expect(entry.req.remoteAddress).toBe('203.0.113.9');
  });

  it('does not let a client forge its address when nothing in front is trusted', async () => {
    // The shipped snippets/real-ip.conf trusts nobody: a second nginx with it, same API.
    const nginx = await startSecondNginx({ apiUpstream: edge.apiUrl, webRoot: edge.webRoot });
    try {
      const probe = randomUUID();
      const response = await get(`${nginx.url}/api/Announcement/get?type=top`, {
        'x-forwarded-for': '198.51.100.7',
        'x-request-id': probe,
      });
      expect(response.status).toBe(200);
      const entry = await apiLogEntry(probe);
      expect(entry.req.remoteAddress).toBe('127.0.0.1');
    } finally {
      await nginx.stop();
    }
  });
});

describe('HTTPS behind a CDN', () => {
  it('sends HSTS only when the client came over HTTPS (X-Forwarded-Proto from the TLS end)', async () => {
    // 127.0.0.1 plays the CDN (the TLS end): it names the client in X-Forwarded-For.
    const overHttps = await get(at('/login'), { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.20' });
    expect(one(overHttps, 'strict-transport-security')).toBe('max-age=31536000');
    const overHttp = await get(at('/login'));
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('health', () => {
  it('/nginx-health answers without touching the API', async () => {
    const response = await get(at('/nginx-health'));
    expect(response.status).toBe(200);
    expect(response.body.toString('utf8')).toBe('ok\n');
    expect(one(response, 'cache-control')).toBe('no-store');
    expectSecurityHeaders(response, '/nginx-health');
  });
});

/**
 * The API's request log line for the request sent with X-Request-Id `probe` (nginx keeps a
 * well-formed incoming id; the API logs it as reqId, and logs paths without their query).
 */
async function apiLogEntry(probe: string): Promise<{ req: { url: string; remoteAddress: string } }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (existsSync(edge.apiLog)) {
      const lines = (await readFile(edge.apiLog, 'utf8')).split('\n');
      for (const line of lines) {
        if (!line.includes(probe)) continue;
        try {
          const entry = JSON.parse(line);
          if (entry.reqId === probe && entry.req) return entry;
        } catch {
          // not a JSON log line
        }
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no API log line for request ${probe} in ${edge.apiLog}`);
}
