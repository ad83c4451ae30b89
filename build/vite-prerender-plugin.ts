/**
 * Build step that writes the public pages (/login, /register, /find-pwd: common/prerendered-pages.ts)
 * as real HTML, so a phone paints the form before any JavaScript has arrived:
 * - the app's own components render at build time (src/entry-prerender.tsx, built here as a Vite SSR
 *   bundle under node_modules/.cache/) into the built index.html's root element, which keeps the
 *   embedded catalogue, so i18n is ready synchronously when src/main.tsx hydrates;
 * - where the announcement banner goes (first in the layout), an SSI include that the servers fill
 *   with the current announcement (common/announcement-banner.ts), so it paints with the page;
 * - the app's stylesheet is inlined (these pages need no other CSS: they use no antd component), so
 *   the first paint waits for no request;
 * - no script or preload competes with that paint: the inline start script (src/app-start.js,
 *   build/app-start.ts) asks for the entry, its modules and the page's own lazy chunk with its
 *   imports, all at once, when the page has painted;
 * index.html itself, the SPA shell of every other route, gets the banner's include in the layout's
 * place too, so a signed-in page paints its banner before its scripts have arrived, and the same
 * start script with the start map of the signed-in pages: their chunks, catalogue files and first
 * API calls go out beside the entry.
 * The pages are emitted into the bundle before the service worker's precache manifest is made, so
 * they are precached like index.html.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { ANNOUNCEMENT_BANNER_INCLUDE } from '../common/announcement-banner.ts';
import { APP_SHELL_ATTRIBUTE, PRERENDERED_PAGES } from '../common/prerendered-pages.ts';
import { appStartTags, chunkClosure, routeStartMap, takeModuleScripts } from './app-start.ts';

interface Options {
  /** The SSR entry exporting `renderPage(path)`. */
  entry: string;
  /** Source module of each page's lazy component, whose chunk the page preloads. */
  pageModules: Record<keyof typeof PRERENDERED_PAGES, string>;
}

type RenderPage = (path: string) => Promise<string>;

const VIRTUAL_PWA_REGISTER = 'virtual:pwa-register';

export function prerenderPublicPages({ entry, pageModules }: Options): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-public-pages',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const shellAsset = bundle['index.html'];
        if (shellAsset?.type !== 'asset') throw new Error('prerender: index.html missing from the bundle');
        // The built shell: it embeds the catalogue the client reads synchronously when hydrating.
        // Its module script and preloads leave the HTML: the start script asks for them.
        const { html: withoutScripts, entry: entryUrl, preload: shellPreload } = takeModuleScripts(String(shellAsset.source));
        let shell = withoutScripts;
        const shellStyles = [...shell.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
        const shellFiles = new Set([entryUrl, ...shellPreload, ...shellStyles]);

        // Inline the stylesheets the shell links (they are this build's own files).
        for (const [tag, href] of [...shell.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)]) {
          const css = Object.values(bundle).find((item) => item.type === 'asset' && href.endsWith(`/${item.fileName}`));
          if (css?.type !== 'asset') throw new Error(`prerender: stylesheet ${href} missing from the bundle`);
          shell = shell.replace(tag, () => `<style>${String(css.source).replace(/<\/style/gi, '<\\/style')}</style>`);
        }

        // Inside the project, so the bundle's bare imports resolve to its node_modules; one folder per
        // build process, so that builds running side by side (count-renamed-assets) do not clash.
        const outDir = join(config.root, 'node_modules', '.cache', 'prerender', String(process.pid));
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          resolve: { alias: config.resolve.alias },
          plugins: [
            react(),
            // The update prompt's dynamic import of the PWA registration: never called while rendering.
            {
              name: 'pwa-register-stub',
              resolveId: (id) => (id === VIRTUAL_PWA_REGISTER ? `\0${VIRTUAL_PWA_REGISTER}` : undefined),
              load: (id) =>
                id === `\0${VIRTUAL_PWA_REGISTER}` ? 'export function registerSW() { return () => Promise.resolve(); }' : undefined,
            },
          ],
          build: { ssr: entry, outDir, emptyOutDir: true, copyPublicDir: false, minify: false, target: 'node24' },
        });
        const entryName = entry.replace(/^.*\//, '').replace(/\.tsx?$/, '.js');
        try {
          const { renderPage } = (await import(`${pathToFileURL(join(outDir, entryName)).href}?build=${Date.now()}`)) as {
            renderPage: RenderPage;
          };
          for (const [path, fileName] of Object.entries(PRERENDERED_PAGES)) {
            const rendered = await renderPage(path);
            // The layout's root element (class "app" plus any modifiers): the banner goes first in it.
            const layoutStart = /<div class="app(?: [^"]*)?">/g;
            if (rendered.match(layoutStart)?.length !== 1) throw new Error(`prerender: ${path} has not exactly one <div class="app ...">`);
            const html = rendered.replace(layoutStart, (tag) => `${tag}${ANNOUNCEMENT_BANNER_INCLUDE}`);
            const pageModule = join(config.root, pageModules[path as keyof typeof PRERENDERED_PAGES]);
            const chunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.facadeModuleId === pageModule);
            if (chunk?.type !== 'chunk') throw new Error(`prerender: no chunk for ${pageModule}`);
            // The page chunk and everything it imports that the shell does not already name.
            const pagePreload = chunkClosure(bundle, chunk)
              .map((item) => `${config.base}${item.fileName}`)
              .filter((file) => !shellFiles.has(file));
            const start = appStartTags({ entry: entryUrl, preload: [...shellPreload, ...pagePreload], afterPaint: true });
            const page = shell
              .replace('</head>', () => `  ${start}\n  </head>`)
              .replace(/<div id="root"><\/div>/, () => `<div id="root">${html}</div>`);
            if (!page.includes(html)) throw new Error('prerender: no empty <div id="root"></div> in index.html');
            this.emitFile({ type: 'asset', fileName, source: page });
          }
          // The SPA shell of every other route paints the banner too, where the layout puts it; the
          // app's first render replaces it (src/main.tsx). Its scripts are not needed for that paint
          // either, and so are asked for after it (a signed-in route's data before it: src/app-start.js).
          const appShell = `<div id="root"><div class="app" ${APP_SHELL_ATTRIBUTE}>${ANNOUNCEMENT_BANNER_INCLUDE}</div></div>`;
          const routes = routeStartMap(bundle, config.root, config.base, shellFiles);
          const shellStart = appStartTags({ entry: entryUrl, preload: shellPreload, afterPaint: true, routes });
          shellAsset.source = withoutScripts
            .replace('</head>', () => `  ${shellStart}\n  </head>`)
            .replace('<div id="root"></div>', () => appShell);
          if (!String(shellAsset.source).includes(appShell)) throw new Error('prerender: no empty <div id="root"></div> in index.html');
        } finally {
          await rm(outDir, { recursive: true, force: true });
        }
      },
    },
  };
}
