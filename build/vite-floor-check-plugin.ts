/**
 * Inlines src/floor-check.js (the below-the-floor panel and the flex-gap probe) at the top of the
 * head of index.html, before the app's scripts, so the prerendered pages carry it too. Inline: no
 * request on the first load. It is plain ES5, inlined without comments and indentation; its CSP
 * hash (`floorCheckHash()`, listed in nginx's script-src) changes only when the file does.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const SOURCE = new URL('../src/floor-check.js', import.meta.url);

/**
 * An inline script's file as the pages carry it: without its comments and indentation (a smaller
 * page; the same text for the same file, so its hash holds). The file keeps no `//` or `/*` inside
 * its strings.
 */
export const inlineScriptSource = (file: URL) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n');

/** The floor check as inlined. */
export const floorCheckSource = () => inlineScriptSource(SOURCE);

/** The CSP source expression allowing an inlined script, e.g. `'sha256-...'`. */
export const inlineScriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/** The CSP source expression allowing the inlined floor check. */
export const floorCheckHash = (source = floorCheckSource()) => inlineScriptHash(source);

export function floorCheckInHead(): Plugin {
  return {
    name: 'floor-check-in-head',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', children: floorCheckSource(), injectTo: 'head' }],
    },
  };
}
