#!/usr/bin/env node
// Writes foo.js.gz next to every compressible file of the build, for nginx's `gzip_static on`:
// nginx then sends the smaller, best-level file without compressing on every request.
// Usage: node build/precompress.mjs [folder]   (default: dist)
// No dependency: node:zlib only. Runs after `vite build`, so the service worker's precache
// manifest never lists the .gz files.
import { readdir, readFile, writeFile, stat, utimes, rm } from 'node:fs/promises';
import { join, relative, resolve, extname } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.webmanifest', '.svg', '.txt', '.xml', '.ico', '.map']);
// Below this size the gzip header costs more than it saves (nginx uses the same threshold).
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

export async function precompress(root) {
  const result = { files: 0, bytes: 0, gzipBytes: 0 };
  for await (const path of walk(root)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    const source = await readFile(path);
    const gz = source.length < MIN_BYTES ? null : gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
    if (!gz || gz.length >= source.length) {
      // A .gz left by an earlier run would be served in place of the current file.
      await rm(`${path}.gz`, { force: true });
      continue;
    }
    await writeFile(`${path}.gz`, gz);
    // Same modification time as the original, so Last-Modified does not depend on which one is sent.
    const { atime, mtime } = await stat(path);
    await utimes(`${path}.gz`, atime, mtime);
    result.files += 1;
    result.bytes += source.length;
    result.gzipBytes += gz.length;
  }
  return result;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const root = resolve(process.argv[2] ?? 'dist');
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) {
    console.error(`precompress: ${root} is not a folder (run vite build first)`);
    process.exit(1);
  }
  const { files, bytes, gzipBytes } = await precompress(root);
  const kib = (n) => (n / 1024).toFixed(1);
  // npm start builds quietly (BUILD_QUIET=1, vite.config.ts): only what needs a look.
  if (process.env.BUILD_QUIET !== '1')
    console.log(
      `precompress: ${files} files in ${relative(process.cwd(), root) || '.'}: ` + `${kib(bytes)} KiB -> ${kib(gzipBytes)} KiB gzip`,
    );
}
