/**
 * Every script the build ships parses at the syntax level of the browser floor: the chunks, the
 * service worker and the inline scripts of the HTML pages. ecmaVersion 2020: Chromium 80, the
 * floor's oldest engine, parses all of ES2020 (optional chaining and `??` arrived in 80) and none of
 * the later syntax it lacks (logical assignment `??=`/`||=`: 85; private methods: 84; top-level
 * await: 89; class static blocks: 94); Safari 15 and Firefox ESR are above it. ES2021/2022 syntax that
 * 80 does have (numeric separators, class fields) counts as too new here: the build lowers or
 * minifies it away anyway, and a strict check cannot miss what 80 lacks. The inline floor check
 * itself must parse as ES5: it has to run in any engine to say that it is too old, and its text must
 * be src/floor-check.js as build/vite-floor-check-plugin.ts inlines it (nginx's CSP allows it by that hash).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse, type ecmaVersion } from 'acorn';
import { describe, expect, it } from 'vitest';
import { floorCheckSource } from '../../build/vite-floor-check-plugin';
import { appStartSource } from '../../build/app-start';
import { PRERENDERED_PAGES } from '../../common/prerendered-pages';

const dist = resolve(import.meta.dirname, '..', '..', 'dist');
const FLOOR_ECMA_VERSION: ecmaVersion = 2020;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The parse error of `source` at `version` (as a module, else as a classic script), or null. */
function syntaxError(source: string, version: ecmaVersion): string | null {
  try {
    parse(source, { ecmaVersion: version, sourceType: 'module' });
    return null;
  } catch {
    try {
      parse(source, { ecmaVersion: version, sourceType: 'script' });
      return null;
    } catch (error) {
      const at = (error as { pos?: number }).pos ?? 0;
      return `${(error as Error).message} near ${JSON.stringify(source.slice(Math.max(0, at - 40), at + 40))}`;
    }
  }
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\btype="application\/json")(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

describe('syntax of the build against the browser floor', () => {
  it('the check catches syntax newer than the floor', () => {
    expect(syntaxError('let a = null; a ??= 1;', FLOOR_ECMA_VERSION)).toMatch(/Unexpected/);
    expect(syntaxError('class A { #m() {} }', FLOOR_ECMA_VERSION)).not.toBeNull();
    expect(syntaxError('const a = b?.c ?? 1;', FLOOR_ECMA_VERSION)).toBeNull();
  });

  it('every script file (chunks and the service worker) parses as ES2020', () => {
    const scripts = filesUnder(dist).filter((file) => /\.m?js$/.test(file));
    expect(scripts.map((file) => relative(dist, file))).toContain('sw.js');
    expect(scripts.length).toBeGreaterThan(20);
    const failures = scripts
      .map((file) => [relative(dist, file), syntaxError(readFileSync(file, 'utf8'), FLOOR_ECMA_VERSION)])
      .filter(([, error]) => error);
    expect(failures).toEqual([]);
  });

  it('the pages carry the inline floor check and start script, which parse as ES5', () => {
    const pages = filesUnder(dist).filter((file) => file.endsWith('.html'));
    expect(pages.map((file) => relative(dist, file)).sort()).toEqual(['index.html', ...Object.values(PRERENDERED_PAGES)].sort());
    for (const page of pages) {
      const scripts = inlineScripts(readFileSync(page, 'utf8'));
      const floorChecks = scripts.filter((script) => script.includes('no-flex-gap'));
      expect(floorChecks, relative(dist, page)).toHaveLength(1);
      // exactly the text whose hash nginx's CSP allows (tests/nginx/template.test.ts checks the template)
      expect(floorChecks[0], relative(dist, page)).toBe(floorCheckSource());
      // the start script likewise (src/app-start.js: the page holds no module script of its own)
      expect(
        scripts.filter((script) => script === appStartSource()),
        relative(dist, page),
      ).toHaveLength(1);
      expect(readFileSync(page, 'utf8')).not.toMatch(/<script type="module"|rel="modulepreload"/);
      for (const script of scripts) expect(syntaxError(script, 5), relative(dist, page)).toBeNull();
    }
  });
});
