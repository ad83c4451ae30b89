/**
 * Fails when code uses a translation key that the zh-cn catalogue does not have.
 * Scans every source file under src/ for `t('key')` / `t('ns:key')` (also `i18n.t(...)`); an
 * unprefixed key belongs to the namespace of the nearest `useTranslation('ns')` above it in the
 * file (default `common`). Keys must be static strings so they can be checked.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const localeDir = join(root, 'locales', 'zh-cn');

function loadCatalogue(): Record<string, unknown> {
  return Object.fromEntries(
    readdirSync(localeDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(localeDir, file), 'utf8')) as unknown]),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function lookup(catalogue: Record<string, unknown>, ns: string, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      catalogue[ns],
    );
}

export interface KeyProblem {
  file: string;
  key: string;
  problem: string;
}

export function findKeyProblems(files: { file: string; source: string }[], catalogue: Record<string, unknown>): KeyProblem[] {
  const problems: KeyProblem[] = [];
  for (const { file, source: raw } of files) {
    // comments document usage (`t('key')`) without using keys
    const source = raw.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
    const declarations = [...source.matchAll(/useTranslation\(\s*(?:\[\s*)?(['"])([\w-]+)\1/g)].map((m) => ({
      at: m.index ?? 0,
      ns: m[2],
    }));
    for (const match of source.matchAll(/\bt\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)) {
      const key = match[2];
      const at = match.index ?? 0;
      if (match[1] === '`' && key.includes('${')) {
        problems.push({ file, key, problem: 'dynamic key (use a static key per case)' });
        continue;
      }
      const declared = declarations.filter((d) => d.at < at).pop()?.ns ?? 'common';
      const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [declared, key];
      if (!(ns in catalogue)) problems.push({ file, key, problem: `no namespace file locales/zh-cn/${ns}.json` });
      else if (typeof lookup(catalogue, ns, path) !== 'string') problems.push({ file, key, problem: `missing in ${ns}.json` });
    }
  }
  return problems;
}

describe('zh-cn catalogue', () => {
  const catalogue = loadCatalogue();

  it('has every key the code uses', () => {
    const files = sourceFiles(join(root, 'src')).map((file) => ({ file: relative(root, file), source: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(10);
    const usages = files.reduce((sum, { source }) => sum + (source.match(/\bt\(\s*['"`]/g)?.length ?? 0), 0);
    expect(usages).toBeGreaterThan(50);
    expect(findKeyProblems(files, catalogue)).toEqual([]);
  });

  it('puts no space before full-width punctuation (a line could break there and start with ，)', () => {
    const texts = (value: unknown, path: string): [string, string][] =>
      typeof value === 'string'
        ? [[path, value]]
        : Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => texts(inner, path ? `${path}.${key}` : key));
    const spaced = texts(catalogue, '').filter(([, text]) => /\s[，。；：！？、）」』”]/.test(text));
    expect(spaced).toEqual([]);
  });

  it('detects missing keys, unknown namespaces and dynamic keys', () => {
    const source = `
      const { t } = useTranslation('layout');
      t('menu.logout'); t('menu.nope'); t('common:sms.send'); t('nope:x'); t(\`layout:price.\${x}\`);
      function B() { const { t } = useTranslation(['auth']); return t('login.title') + t('menu.logout'); }
      i18n.t('common:error.missing');
    `;
    const problems = findKeyProblems([{ file: 'x.tsx', source }], catalogue).map((p) => p.key);
    expect(problems).toEqual(['menu.nope', 'nope:x', 'layout:price.${x}', 'menu.logout', 'common:error.missing']);
  });
});
