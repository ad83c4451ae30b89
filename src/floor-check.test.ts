/**
 * The inline floor check (src/floor-check.js) against the browser floor (package.json's
 * browserslist) and the browsers' own compatibility data (@mdn/browser-compat-data): every browser
 * of the floor has every built-in the check probes for, so none is sent to the 浏览器版本过旧 panel,
 * while Safari and iOS Safari below 15 (which parse every script of the app) lack one of them, so
 * they are (tests/e2e/floor-check.e2e.ts shows the panel in a page whose engine lacks it).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import browserslist from 'browserslist';
import bcd from '@mdn/browser-compat-data' with { type: 'json' };
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const floor = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).browserslist as string[];
const source = readFileSync(resolve(import.meta.dirname, 'floor-check.js'), 'utf8');

/** The compat data's entry of each built-in the check probes for. */
const PROBES: Record<
  string,
  { support: Record<string, { version_added: string | boolean } | Array<{ version_added: string | boolean }>> }
> = {
  "'noModule' in script": bcd.html.elements.script.nomodule.__compat as never,
  'Promise.allSettled': bcd.javascript.builtins.Promise.allSettled.__compat as never,
  'Object.fromEntries': bcd.javascript.builtins.Object.fromEntries.__compat as never,
  globalThis: bcd.javascript.builtins.globalThis.__compat as never,
  BigInt64Array: bcd.javascript.builtins.BigInt64Array.__compat as never,
};

/** browserslist's browser names as the compat data spells them. */
const BCD_NAME: Record<string, string> = {
  chrome: 'chrome',
  edge: 'edge',
  android: 'webview_android',
  safari: 'safari',
  ios_saf: 'safari_ios',
  firefox: 'firefox',
};

/** The oldest version of each browser family the floor admits. */
function floorVersions(): Map<string, number> {
  const oldest = new Map<string, number>();
  for (const entry of browserslist(floor)) {
    const [name, version] = entry.split(' ') as [string, string];
    const number = Number.parseFloat(version.split('-')[0]!);
    if (!BCD_NAME[name]) continue;
    oldest.set(name, Math.min(oldest.get(name) ?? Number.POSITIVE_INFINITY, number));
  }
  return oldest;
}

/** The first version of `browser` (compat data name) with the built-in, or Infinity. */
function since(compat: (typeof PROBES)[string], browser: string): number {
  const entry = compat.support[browser];
  const first = Array.isArray(entry) ? entry[0] : entry;
  const added = first?.version_added;
  return typeof added === 'string' ? Number.parseFloat(added.replace('≤', '')) : added === true ? 0 : Number.POSITIVE_INFINITY;
}

describe('the inline floor check and the browser floor', () => {
  it('probes exactly these built-ins', () => {
    for (const probe of Object.keys(PROBES)) expect(source, probe).toContain(probe.startsWith("'") ? probe : `typeof ${probe}`);
  });

  it('every browser of the floor has every built-in it probes for', () => {
    const oldest = floorVersions();
    expect([...oldest.keys()].sort()).toEqual(Object.keys(BCD_NAME).sort());
    for (const [name, version] of oldest) {
      for (const [probe, compat] of Object.entries(PROBES)) {
        expect(since(compat, BCD_NAME[name]!), `${probe} in ${name} ${version}`).toBeLessThanOrEqual(version);
      }
    }
  });

  it('Safari and iOS Safari below 15 lack one of them (BigInt64Array), Chromium below 80 too', () => {
    for (const browser of ['safari', 'safari_ios']) {
      expect(Math.max(...Object.values(PROBES).map((compat) => since(compat, browser)))).toBe(15);
    }
    // From Chromium 76 the built-ins are there: 76 to 79 fail to parse the app's scripts instead, which shows the panel too.
    expect(Math.max(...Object.values(PROBES).map((compat) => since(compat, 'chrome')))).toBe(76);
  });
});
