/**
 * `npm start` serves the built app (config.distDir, the root `dist/` of `vite build`) next to the
 * API, with the same rules as the nginx container (nginx/templates/default.conf.template):
 * - /assets/* (content-hashed): `Cache-Control: public, max-age=31536000, immutable`; missing: 404.
 * - other files (index.html, sw.js, manifest.webmanifest, icons): `no-cache`; missing: 404, never
 *   the app shell (an HTML page served as a script only hides the error).
 * - /login, /register, /find-pwd: their prerendered HTML (login.html ...) with the current top
 *   announcement's banner in place of its SSI include (as nginx does), `no-cache`; index.html when
 *   a build has none. A POST there (the form sent before the app started): 303 to the page.
 * - other extensionless GET paths (client routes such as /plan/list): index.html, `no-cache`, with
 *   the banner in place of its include too (the shell paints the banner before the app's scripts run).
 * - /api/*: never the shell; unknown API paths keep the JSON 404.
 * - /smi/{id} and /sui/{id}: 302 to /login?invite={id} (anything else under them: /login).
 * Precompressed .gz files written by build/precompress.mjs are sent when the client accepts gzip;
 * the pages filled in here (and the API's answers) are gzipped by the HTTP shell (http/app.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ANNOUNCEMENT_BANNER_INCLUDE, announcementBannerHtml } from '../../../../common/announcement-banner.ts';
import { PRERENDERED_PAGES, prerenderedFileOf } from '../../../../common/prerendered-pages.ts';
import { currentAnnouncement } from '../announcement/index.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const INVITE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A prerendered page's text, read once per build (a new build means a new server process). */
const pages = new Map<string, Promise<string | null>>();
function readPage(file: string): Promise<string | null> {
  let text = pages.get(file);
  if (!text) {
    text = fs.promises.readFile(file, 'utf8').catch(() => null);
    pages.set(file, text);
  }
  return text;
}

export async function webRoutes(app: FastifyInstance) {
  for (const prefix of ['smi', 'sui']) {
    app.get(`/${prefix}`, async (_request, reply) => reply.redirect('/login', 302));
    app.get(`/${prefix}/*`, async (request, reply) => {
      const id = ((request.params as { '*': string })['*'] ?? '').replace(/\/$/, '');
      return reply.redirect(INVITE_ID.test(id) ? `/login?invite=${id}` : '/login', 302);
    });
  }

  const root = app.ctx.config.distDir;
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) return;
  const assetsDir = path.join(path.resolve(root), 'assets') + path.sep;

  await app.register(fastifyStatic, {
    root: path.resolve(root),
    serve: false,
    preCompressed: true,
    cacheControl: false,
    // Headers only for a file that is actually sent: a 404 must never be cached as immutable.
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      reply.header('x-content-type-options', 'nosniff');
    },
  });

  // A prerendered form posts only when sent before the app has started (its method keeps the
  // password out of the URL): back to the page, by GET.
  await app.register(async (pages) => {
    // whatever the form holds is never read
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, payload, done) => {
      payload.resume();
      done(null);
    });
    // To the page's own path (and the query), never the raw request line: no spelling can make the
    // Location leave the site.
    for (const page of Object.keys(PRERENDERED_PAGES))
      pages.post(page, async (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(query < 0 ? page : `${page}${request.url.slice(query)}`, 303);
      });
  });

  app.get('/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'] ?? '';
    const pathname = `/${rest}`;
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    const last = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (pathname === '/assets' || pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(last)) return reply.sendFile(pathname);
    const page = prerenderedFileOf(pathname);
    const file = page && (await readPage(path.join(root, page))) !== null ? `/${page}` : '/index.html';
    const html = await readPage(path.join(root, file));
    // A page without the include (a build from before the shell had one) goes out as the file it is.
    if (html === null || !html.includes(ANNOUNCEMENT_BANNER_INCLUDE)) return reply.sendFile(file);
    const banner = announcementBannerHtml(await currentAnnouncement(app.ctx.db, 'top', app.ctx.clock.now()));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .header('x-content-type-options', 'nosniff')
      .send(html.replace(ANNOUNCEMENT_BANNER_INCLUDE, () => banner));
  });
}
