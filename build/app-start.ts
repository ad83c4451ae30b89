/**
 * How a built page starts the app (src/app-start.js, inlined with its data by
 * build/vite-prerender-plugin.ts): the page holds no module script or preload of its own; the JSON
 * block #app-start names the entry and its modules, for the shell (index.html) the start map of the
 * signed-in pages (src/app/route-starts.ts with its module paths turned into the built files and
 * each API call marked with or without the token), and `afterPaint` on every page.
 */
import { join } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { ROUTE_STARTS } from '../src/app/route-starts';
import { TOKENLESS_API_PATHS } from '../src/lib/sw-rules';
import { inlineScriptSource } from './vite-floor-check-plugin';

export const APP_START_ELEMENT_ID = 'app-start';

/** The inline start script as the pages carry it (its CSP hash: inlineScriptHash(appStartSource())). */
export const appStartSource = () => inlineScriptSource(new URL('../src/app-start.js', import.meta.url));

export interface AppStart {
  entry: string;
  preload: string[];
  afterPaint?: true;
  routes?: { path: string; js: string[]; css: string[]; ns: string[]; api: { url: string; token: boolean }[] }[];
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** Takes the entry script and its module preloads out of Vite's index.html. */
export function takeModuleScripts(html: string): { html: string; entry: string; preload: string[] } {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]!);
  if (entries.length !== 1) throw new Error(`app start: index.html has ${entries.length} module scripts, not one`);
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  return { html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), entry: entries[0]!, preload };
}

/** A chunk and every chunk it imports statically, transitively (what it needs before it runs). */
export function chunkClosure(bundle: OutputBundle, chunk: OutputChunk): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (item: OutputChunk) => {
    if (seen.has(item.fileName)) return;
    seen.set(item.fileName, item);
    for (const file of item.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(chunk);
  return [...seen.values()];
}

/** The chunk built for a source module (the target of a lazy import), by its path from the root. */
export function chunkOfModule(bundle: OutputBundle, root: string, module: string): OutputChunk {
  const id = join(root, module);
  const chunk = Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.facadeModuleId === id);
  if (!chunk) throw new Error(`app start: no chunk for ${module}`);
  return chunk;
}

/** The start map of the signed-in pages: built files per route, without what the shell already loads. */
export function routeStartMap(bundle: OutputBundle, root: string, base: string, shellFiles: Set<string>): NonNullable<AppStart['routes']> {
  return ROUTE_STARTS.map((route) => {
    const chunks = new Map<string, OutputChunk>();
    for (const module of route.modules)
      for (const chunk of chunkClosure(bundle, chunkOfModule(bundle, root, module))) chunks.set(chunk.fileName, chunk);
    const files = [...chunks.values()];
    const url = (file: string) => `${base}${file}`;
    return {
      path: route.path,
      js: files.map((chunk) => url(chunk.fileName)).filter((file) => !shellFiles.has(file)),
      css: [...new Set(files.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))]
        .map(url)
        .filter((file) => !shellFiles.has(file)),
      ns: route.namespaces,
      api: route.api.map((call) => ({ url: call, token: !TOKENLESS_API_PATHS.includes(call.replace(/\?.*$/, '')) })),
    };
  });
}

/** The tags that start the app: the data block and the inline script. */
export function appStartTags(start: AppStart): string {
  // `<` escaped so that no URL can close the block.
  const json = JSON.stringify(start).replace(/</g, '\\u003c');
  return `<script id="${APP_START_ELEMENT_ID}" type="application/json">${json}</script>\n    <script>${appStartSource()}</script>`;
}
