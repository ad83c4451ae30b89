/**
 * Real old Chromium engines, as Chinese phone browsers and in-app web views still run them: the
 * builds that the npm package chrome-aws-lambda ships (brotli-compressed, installed under aliases in
 * package.json: chromium-72, chromium-80, chromium-88), driven by puppeteer-core 5.5 (alias
 * puppeteer-core-5; the current puppeteer speaks a protocol these engines do not know).
 * `launchOldChromium(name)` unpacks the engine once into node_modules/.cache/old-chromium/ and starts
 * it headless; its aws.tar holds the libraries it needs beside the system's (LD_LIBRARY_PATH).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const repoRoot = resolve(import.meta.dirname, '..', '..');

export const OLD_ENGINES = { 'chromium-72': 72, 'chromium-80': 80, 'chromium-88': 88 } as const;
export type OldEngine = keyof typeof OLD_ENGINES;

/** The little of puppeteer-core 5's API these tests use. */
export interface OldPage {
  goto(url: string, options?: { waitUntil?: string; timeout?: number }): Promise<unknown>;
  type(selector: string, text: string): Promise<void>;
  click(selector: string, options?: { clickCount?: number }): Promise<void>;
  waitForSelector(selector: string, options?: { visible?: boolean; timeout?: number }): Promise<unknown>;
  keyboard: { press(key: string): Promise<void>; down(key: string): Promise<void>; up(key: string): Promise<void> };
  /** The page's DevTools session (puppeteer 5 exposes no download API: Page.setDownloadBehavior goes through it). */
  _client: { send(method: string, params?: Record<string, unknown>): Promise<unknown> };
  waitForFunction(fn: string, options?: { timeout?: number; polling?: number | string }): Promise<unknown>;
  evaluate<T>(fn: string): Promise<T>;
  setViewport(viewport: { width: number; height: number }): Promise<void>;
  on(event: 'pageerror', handler: (error: Error) => void): void;
  on(event: 'console', handler: (message: { type(): string; text(): string }) => void): void;
  waitForResponse(
    match: (response: { url(): string; status(): number }) => boolean,
    options?: { timeout?: number },
  ): Promise<{ status(): number }>;
  url(): string;
  close(): Promise<void>;
}
export interface OldBrowser {
  newPage(): Promise<OldPage>;
  version(): Promise<string>;
  createIncognitoBrowserContext(): Promise<{ newPage(): Promise<OldPage>; close(): Promise<void> }>;
  close(): Promise<void>;
}

/** The engine's folder: `chromium` and, where the package ships them, `lib/` and `fonts.conf`. */
function unpacked(engine: OldEngine): string {
  const bin = join(repoRoot, 'node_modules', engine, 'bin');
  const dir = join(repoRoot, 'node_modules', '.cache', 'old-chromium', engine);
  const executable = join(dir, 'chromium');
  if (existsSync(executable)) return dir;
  mkdirSync(dir, { recursive: true });
  const files = readdirSync(bin);
  const browser = files.find((file) => /^chromium.*\.br$/.test(file));
  if (!browser) throw new Error(`${engine}: no chromium*.br in ${bin} (npm ci installs it)`);
  if (files.includes('aws.tar.br')) {
    const tar = join(dir, 'aws.tar');
    writeFileSync(tar, brotliDecompressSync(readFileSync(join(bin, 'aws.tar.br'))));
    const untar = spawnSync('tar', ['-xf', tar, '-C', dir], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`${engine}: cannot unpack aws.tar`);
  }
  // Written under another name first: a run stopped half-way leaves no truncated browser behind.
  writeFileSync(`${executable}.part`, brotliDecompressSync(readFileSync(join(bin, browser))));
  chmodSync(`${executable}.part`, 0o755);
  renameSync(`${executable}.part`, executable);
  return dir;
}

export async function launchOldChromium(engine: OldEngine): Promise<OldBrowser> {
  const dir = unpacked(engine);
  const lib = join(dir, 'lib');
  const puppeteer = require('puppeteer-core-5') as { launch(options: Record<string, unknown>): Promise<OldBrowser> };
  return puppeteer.launch({
    executablePath: join(dir, 'chromium'),
    headless: true,
    args: [
      '--no-sandbox',
      ...(engine === 'chromium-88' ? [] : ['--single-process', '--no-zygote']),
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--lang=zh-CN',
    ],
    env: {
      ...process.env,
      LD_LIBRARY_PATH: [existsSync(lib) ? lib : undefined, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      // Chinese text with the system's fonts (fonts-wqy-microhei), not only the package's Latin ones.
      FONTCONFIG_FILE: '/etc/fonts/fonts.conf',
    },
    timeout: 60_000,
  });
}
