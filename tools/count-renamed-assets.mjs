#!/usr/bin/env node
/**
 * Small deploys: builds the app twice, the second time with one catalogue string changed, and counts
 * the files under dist/assets/ whose names changed (each one is re-downloaded and re-precached by
 * every user). Prints the figure per namespace tried and exits 1 when any is above the limit.
 *
 *   node tools/count-renamed-assets.mjs [namespace ...]   (default: common plan; limit: RENAMED_LIMIT or 3)
 *
 * The catalogue file is changed in place and always restored; the builds go to temporary folders.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildWeb } from '../build/build-web.mjs';

const root = resolve(import.meta.dirname, '..');
const limit = Number(process.env.RENAMED_LIMIT ?? 3);
const namespaces = process.argv.slice(2).length ? process.argv.slice(2) : ['common', 'plan'];

async function build(outDir) {
  await buildWeb(outDir, { ASSET_BASE_URL: '' });
  return new Set(readdirSync(join(outDir, 'assets')));
}

/** Changes the first string value of a catalogue object (depth first). */
function changeOneString(node) {
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') {
      node[key] = `${value}（新）`;
      return key;
    }
    if (value && typeof value === 'object') {
      const changed = changeOneString(value);
      if (changed) return `${key}.${changed}`;
    }
  }
  return null;
}

const work = mkdtempSync(join(tmpdir(), 'renamed-assets-'));
let failed = false;
try {
  const before = await build(join(work, 'before'));
  for (const ns of namespaces) {
    const file = join(root, 'locales', 'zh-cn', `${ns}.json`);
    const original = readFileSync(file, 'utf8');
    let after;
    let key;
    try {
      const catalogue = JSON.parse(original);
      key = changeOneString(catalogue);
      writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
      after = await build(join(work, `after-${ns}`));
    } finally {
      writeFileSync(file, original);
    }
    const gone = [...before].filter((name) => !after.has(name));
    const added = [...after].filter((name) => !before.has(name));
    const renamed = Math.max(gone.length, added.length);
    console.log(`one string changed (${ns}:${key}): ${renamed} of ${before.size} files under dist/assets/ renamed (limit ${limit})`);
    for (const name of added) console.log(`  new  ${name}`);
    if (renamed > limit) failed = true;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
