/**
 * .env.example is the operator's list of settings: every setting the API reads and every one the
 * web image renders into its nginx configuration must be there, so a new setting cannot be
 * forgotten in it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SMS_TYPES } from '../../common/domain.ts';

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
      for (const m of text.matchAll(/\bs\.(?:required|optional|int|url|timeOfDay|perSmsType)\('([A-Z][A-Z0-9_]*)'/g)) names.add(m[1]!);
    }
    expect(names.size).toBeGreaterThan(20);
    // INIT_CWD is npm's own (the folder `npm run` was called from), not a setting.
    names.delete('INIT_CWD');
    expect([...names].filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists every setting the web edge renders into its site (nginx/edge.sh, the image and systemd alike)', () => {
    const script = readFileSync(join(root, 'nginx/edge.sh'), 'utf8');
    const template = readFileSync(join(root, 'nginx/templates/default.conf.template'), 'utf8');
    const names = new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]!));
    // NGINX_RESOLVER is what edge.sh writes from NGINX_LOCAL_RESOLVERS; API_SERVERS is the other way to name the API.
    names.delete('NGINX_RESOLVER');
    names.add('NGINX_LOCAL_RESOLVERS');
    names.add('API_SERVERS');
    for (const name of names) expect(script, `edge.sh reads ${name}`).toContain(name);
    expect([...names].filter((name) => !listed.has(name))).toEqual([]);
  });

  it('names a template setting for every SMS code type of each gateway, here and in docs/deploy.md', () => {
    const deploy = readFileSync(join(root, 'docs/deploy.md'), 'utf8');
    for (const name of ['ALIYUN_SMS_TEMPLATE_CODE', 'TENCENT_SMS_TEMPLATE_ID']) {
      for (const type of Object.values(SMS_TYPES)) {
        expect(listed.has(`${name}_${type}`), `${name}_${type} in .env.example`).toBe(true);
        expect(deploy, `${name}_${type} in docs/deploy.md`).toMatch(new RegExp(`${name}_${type}\\b|${name}_1\\b[^\\n]*\\b_${type}\\b`));
      }
    }
  });
});
