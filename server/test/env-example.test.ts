/**
 * .env.example is the operator's list of settings: every setting the API reads and every one the
 * web image renders into its nginx configuration must be there, so a new setting cannot be
 * forgotten in it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const listed = new Set([...readFileSync(join(root, '.env.example'), 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

describe('.env.example', () => {
  it('lists every setting the API reads', () => {
    const names = new Set<string>();
    for (const file of sourceFiles(join(root, 'server/src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
      // Settings read through the config's reader: s.required('NAME', ...), s.int('NAME', ...), ...
      for (const m of text.matchAll(/\bs\.(?:required|optional|int|url|perSmsType)\('([A-Z][A-Z0-9_]*)'/g)) names.add(m[1]!);
    }
    expect(names.size).toBeGreaterThan(20);
    // INIT_CWD is npm's own (the folder `npm run` was called from), not a setting.
    names.delete('INIT_CWD');
    expect([...names].filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists every setting the web image renders into nginx', () => {
    const filter = /NGINX_ENVSUBST_FILTER="\^\(([^)]+)\)/.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'))?.[1];
    expect(filter).toBeTruthy();
    // NGINX_LOCAL_RESOLVERS is derived by the image's entrypoint, not set by the operator.
    const names = filter!.split('|').filter((name) => name !== 'NGINX_LOCAL_RESOLVERS');
    expect(names.filter((name) => !listed.has(name))).toEqual([]);
  });
});
