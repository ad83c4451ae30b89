/**
 * The production build of the web app into a folder of one's choice, as `npm run build:web` makes
 * dist/: NODE_ENV=production whatever the caller's shell or test runner says (a development or test
 * NODE_ENV gives React's development build and no service worker).
 *
 *   await buildWeb(outDir, { ASSET_BASE_URL: 'https://static.example.com/' })
 *   await buildWeb(outDir, {}, { sourcemap: true })   // .map files beside the scripts (profiling)
 *
 * Used by the tests and scripts that need another build beside dist/ (a CDN base, a changed
 * catalogue). Resolves when the build is written; rejects with vite's exit code otherwise.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

export function buildWeb(outDir, env = {}, { sourcemap = false } = {}) {
  const args = ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error', ...(sourcemap ? ['--sourcemap'] : [])];
  const child = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), ...args], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, NODE_ENV: 'production' },
  });
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`vite build into ${outDir} failed (${signal ?? code})`))));
  });
}
