/**
 * Build-time home of the zh-cn catalogue, so that a changed text renames as few files as possible:
 * no catalogue text is inside a JS chunk (a chunk's hashed name would change, and with it the name of
 * every chunk importing it). Instead:
 * - the shell's namespaces are embedded in index.html as a JSON data block (changing one renames
 *   nothing under dist/assets/);
 * - every other namespace is its own content-hashed file `assets/i18n-<ns>-<hash>.json`, whose URL
 *   is listed in that same block (changing one renames that one file).
 * src/lib/i18n.ts reads the block; in development and unit tests it imports the JSON files instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { CATALOGUE_ELEMENT_ID, EAGER_NAMESPACES, SERVER_NAMESPACES, type EmbeddedCatalogue } from '../src/lib/i18n-namespaces.ts';

export function catalogueInIndexHtml(localeDir: string): Plugin {
  let base = '/';
  const files = new Map<string, string>();
  const read = (ns: string) => JSON.parse(readFileSync(join(localeDir, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  const namespaces = () =>
    readdirSync(localeDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .filter((ns) => !(SERVER_NAMESPACES as readonly string[]).includes(ns))
      .sort();
  const eager = new Set<string>(EAGER_NAMESPACES);
  return {
    name: 'catalogue-in-index-html',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      files.clear();
      for (const ns of namespaces()) {
        this.addWatchFile(join(localeDir, `${ns}.json`));
        if (eager.has(ns)) continue;
        const ref = this.emitFile({ type: 'asset', name: `i18n-${ns}.json`, source: JSON.stringify(read(ns)) });
        files.set(ns, ref);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const urls: Record<string, string> = {};
        for (const [ns] of files) {
          const asset = Object.values(ctx.bundle ?? {}).find((item) => item.type === 'asset' && item.names.includes(`i18n-${ns}.json`));
          if (!asset) throw new Error(`catalogue file of namespace ${ns} missing from the bundle`);
          urls[ns] = `${base}${asset.fileName}`;
        }
        const catalogue: EmbeddedCatalogue = { resources: Object.fromEntries(EAGER_NAMESPACES.map((ns) => [ns, read(ns)])), urls };
        // `<` escaped so that no text can close the block.
        const json = JSON.stringify(catalogue).replace(/</g, '\\u003c');
        return [{ tag: 'script', attrs: { id: CATALOGUE_ELEMENT_ID, type: 'application/json' }, children: json, injectTo: 'head-prepend' }];
      },
    },
  };
}
