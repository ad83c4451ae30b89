/**
 * Vite build of the web app.
 *
 * - `ASSET_BASE_URL` (default `/`) is Vite's `base`: hashed assets may live on a CDN origin. The
 *   service worker, its scope, the manifest and the navigation fallback stay on the app origin
 *   (`/`), so a CDN base never breaks the PWA.
 * - Chunks: React and the i18n runtime get their own long-lived vendor chunks, antd's shared core one
 *   more; every page and the logged-in chrome (dropdown, modals, floating nav) is lazy, so /login
 *   loads little JS. antd's rc-component packages are tree-shaken as side-effect free.
 * - Unit tests use `vitest.config.ts` (happy-dom), not this file.
 */
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueInIndexHtml } from './build/vite-catalogue-plugin.ts';
import { prerenderPublicPages } from './build/vite-prerender-plugin.ts';
import prerenderedPageModules from './build/prerendered-page-modules.json' with { type: 'json' };
import { PRERENDERED_PAGES } from './common/prerendered-pages.ts';
import { buildTargets } from './build/browser-targets.ts';
import { floorCheckInHead } from './build/vite-floor-check-plugin.ts';
import { startupImagesInHead } from './build/vite-installed-app-plugin.ts';
import { flexGapFallback } from './build/postcss-flex-gap-fallback.ts';

const assetBase = normalizeBase(process.env.ASSET_BASE_URL ?? '/');
/** `npm start` builds with BUILD_QUIET=1: the build then prints warnings and errors only (the worker's build too). */
const logLevel = process.env.BUILD_QUIET === '1' ? 'warn' : 'info';
const appOrigin = '/';

function normalizeBase(base: string): string {
  const trimmed = base.trim() || '/';
  return trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

/** Precache entries are relative to the build; assets served from a CDN get its absolute prefix. */
const assetUrlPrefix: Record<string, string> = assetBase === '/' ? {} : { 'assets/': `${assetBase}assets/` };

/**
 * Modules whose static imports put a module in the entry or on a visitor's page (the floating nav is
 * on /register and /find-pwd). The top bar's user area is signed-in only and loads after the page.
 */
const EVERY_PAGE_OR_VISITOR = /[\\/]src[\\/](main\.tsx|app[\\/]layout[\\/]FloatNav\.tsx|features[\\/]auth[\\/])/;

/** antd's packages: a module that imports one statically stays out of the kit, which must not load antd. */
const ANTD_PACKAGE = /node_modules[\\/](antd|@ant-design[\\/](?!icons-svg[\\/])[^\\/]+|@rc-component)[\\/]/;

interface KitModuleInfo {
  importers: readonly string[];
  importedIds: readonly string[];
  dynamicImporters: readonly string[];
}

function signedInKit(id: string, context: { getModuleInfo(id: string): KitModuleInfo | null }) {
  if (!/[\\/](src[\\/](components|lib|features)|common|node_modules[\\/]dayjs)[\\/]/.test(id)) return null;
  const info = context.getModuleInfo(id);
  // A page or a part loaded on its own (import()) keeps its chunk; so does what imports antd.
  if (!info || info.dynamicImporters.length > 0 || info.importedIds.some((imported) => ANTD_PACKAGE.test(imported))) return null;
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length) {
    for (const importer of context.getModuleInfo(queue.shift()!)?.importers ?? []) {
      if (EVERY_PAGE_OR_VISITOR.test(importer)) return null;
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return 'signed-in-kit';
}

export default defineConfig({
  base: assetBase,
  logLevel,
  experimental: {
    // public/ files stay on the app origin (src/lib/public-files.ts): only dist/assets/ is on a CDN.
    renderBuiltUrl: (filename, { type }) => (type === 'public' ? `/${filename}` : undefined),
  },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
    },
  },
  // flex gap for the engines of the floor that lack it (Chromium 80 to 83): margins under .no-flex-gap
  css: { postcss: { plugins: [flexGapFallback()] } },
  server: {
    proxy: {
      '/api': { target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    // package.json's browserslist: the app's chunks, the prerendered pages' scripts, the CSS
    // (Lightning CSS reads the same targets) and the service worker (vite-plugin-pwa reuses it).
    target: buildTargets(),
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Lowering class fields for the floor (Chromium 80 lacks private methods, so Oxc lowers every
      // class field) assigns public fields instead of calling a defineProperty helper: smaller, and no
      // helper module for the chunks to share (no class field here shadows an accessor).
      transform: { assumptions: { setPublicClassFields: true } },
      // antd's rc-component packages declare no `sideEffects`, so importing one name from a package
      // index kept the whole package: antd's form context alone pulled rc-form and its validator
      // (14 KB gzip) into every page that uses antd. Their modules only define components.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 10 },
            // antd's core (style engine, theme, config, base components) that most signed-in parts share,
            // as one chunk instead of dozens of small ones; what only a few parts use stays with them.
            // No visitor page imports antd (their icons are plain SVG), so none of them loads it.
            // Icon definitions (@ant-design/icons-svg) never join it: the screens that draw them with
            // SvgIcon and load no antd (the top bar, the home page) would load it for them. Those that
            // several parts draw are one small chunk instead.
            // SvgIcon, which draws them, goes with them: every part that loads one loads the other.
            {
              name: 'icons',
              test: /node_modules[\\/]@ant-design[\\/]icons-svg[\\/]|[\\/]src[\\/]components[\\/]SvgIcon\.tsx$/,
              minShareCount: 2,
              priority: 6,
            },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design[\\/](?!icons-svg[\\/])[^\\/]+|@rc-component[\\/](?!qrcode[\\/])|@babel|clsx|stylis|@emotion)[\\/]/,
              minShareCount: 12,
              priority: 5,
            },
            // The QR codes are drawn without antd (src/components/LazyQRCode.tsx): the Babel helpers they
            // share with antd are a small chunk of their own, not a reason to load antd's core.
            { name: 'babel-helpers', test: /node_modules[\\/]@babel[\\/]runtime[\\/]/, minShareCount: 2, priority: 7 },
            // The shared parts of the signed-in pages (src/components, src/lib, the features' helpers,
            // common/, dayjs) as one chunk: a page asks for its own chunk, this one and the icons, three
            // requests instead of a dozen 1 KB ones queueing on a phone's six connections. Only what
            // neither the entry nor a visitor's page (the floating nav included) imports: those keep
            // their chunks and stay as small as they are. The top bar's user area (signed-in only,
            // loaded after the page) shares it.
            { name: signedInKit, debugName: 'signed-in-kit', minShareCount: 2, priority: 4, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  plugins: [
    react(),
    catalogueInIndexHtml(fileURLToPath(new URL('./locales/zh-cn', import.meta.url))),
    floorCheckInHead(),
    startupImagesInHead(),
    prerenderPublicPages({
      entry: 'src/entry-prerender.tsx',
      // also read by eslint.config.js, which keeps antd out of these pages and what they import
      pageModules: prerenderedPageModules,
    }),
    VitePWA({
      base: appOrigin,
      scope: appOrigin,
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: '任务计划 - 积分发布与管理',
        short_name: '任务计划',
        description: '为淘宝/天猫、京东、拼多多发布与管理任务计划，积分支付。',
        lang: 'zh-CN',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#1677ff',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        categories: ['business', 'productivity', 'shopping'],
        // Pictures of the running app (npm run screenshots): the richer install sheet.
        screenshots: [
          {
            src: '/screenshots/home-wide.png',
            sizes: '1280x720',
            type: 'image/png',
            form_factor: 'wide',
            label: '首页：积分余额、会员状态与计划概览',
          },
          { src: '/screenshots/home-narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: '手机上的首页' },
        ],
        // Quick actions of the installed icon.
        shortcuts: [
          {
            name: '发布计划',
            short_name: '发布计划',
            description: '发布淘宝/天猫任务计划',
            url: '/flow/tb',
            icons: [{ src: '/shortcuts/flow.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: '我的计划',
            short_name: '我的计划',
            description: '查看与管理已发布的计划',
            url: '/plan/list',
            icons: [{ src: '/shortcuts/plan.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: '积分充值',
            short_name: '积分充值',
            description: '购买积分套餐',
            url: '/recharge/integral',
            icons: [{ src: '/shortcuts/recharge.png', sizes: '96x96', type: 'image/png' }],
          },
        ],
      },
      // Each file once: nothing from includeAssets or the manifest icons, only these patterns. The
      // install icons, screenshots and shortcut icons are fetched by the browser when it needs them.
      includeAssets: [],
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: [
          'index.html',
          ...Object.values(PRERENDERED_PAGES),
          'assets/**/*.{js,css,woff2,svg,png,webp,json}',
          'favicon.svg',
          'avatars/*.svg',
          'service/*.svg',
        ],
        modifyURLPrefix: assetUrlPrefix,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        buildPlugins: {
          vite: [
            {
              // vite-plugin-pwa 2.0 asks for a one-file worker with output.inlineDynamicImports, which
              // the bundler now calls deprecated: the same output under its current name.
              name: 'service-worker-one-file',
              // the worker's own build does not inherit the app build's log level
              config: () => ({ logLevel }),
              outputOptions(options) {
                if (!options.inlineDynamicImports) return null;
                const { inlineDynamicImports: _inline, ...rest } = options;
                return { ...rest, codeSplitting: false };
              },
            },
          ],
        },
      },
      devOptions: { enabled: false },
    }),
  ],
});
