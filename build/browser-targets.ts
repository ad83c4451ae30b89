/**
 * The browser floor, declared once: the `browserslist` list in package.json (Chromium 80 and later,
 * which covers Android's WebView, WeChat's XWeb and the Chinese vendors' browsers; Safari/iOS 15;
 * Firefox ESR). This turns it into the build targets Vite's Oxc transformer and Lightning CSS take
 * (`chrome80`, `ios15`, ...): vite.config.ts sets them as `build.target`, which also drives the CSS
 * target and the service worker's build (vite-plugin-pwa reuses `build.target`).
 */
import browserslist from 'browserslist';

/** browserslist's names -> the target names of Oxc / esbuild (Android's WebView is a Chrome). */
const TARGET_NAME: Record<string, string> = {
  chrome: 'chrome',
  and_chr: 'chrome',
  android: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  and_ff: 'firefox',
  safari: 'safari',
  ios_saf: 'ios',
  opera: 'opera',
  samsung: 'samsung',
};

/** The lowest version of each browser the list names, e.g. `['chrome80', 'edge80', 'firefox153', 'ios15', 'safari15']`. */
export function buildTargets(queries?: string | readonly string[], path = process.cwd()): string[] {
  const lowest = new Map<string, number>();
  for (const entry of browserslist(queries as string | string[] | undefined, { path })) {
    const [name, version] = entry.split(' ') as [string, string];
    const target = TARGET_NAME[name];
    // a range ("15.2-15.3") counts from its start
    const number = Number.parseFloat(version.split('-')[0]!);
    if (!target || Number.isNaN(number)) continue;
    if (!lowest.has(target) || number < lowest.get(target)!) lowest.set(target, number);
  }
  if (lowest.size === 0) throw new Error('browserslist (package.json) names no browser the build can target');
  return [...lowest].map(([name, version]) => `${name}${version}`).sort();
}
