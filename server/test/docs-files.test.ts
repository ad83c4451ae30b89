/**
 * The documents cite only what the repository holds: every relative link of the README and docs/
 * opens a file here, every repository path they quote in backticks exists (or is one git ignores:
 * files ops write beside the committed ones, such as deploy/prometheus/smtp-password), and none
 * sends the reader to the design documents that live outside the repository (product.md, the seed spec).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const documents = [
  'README.md',
  'server/src/modules/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
/** Where a quoted path starts when it names something of the repository. */
const REPOSITORY_PATH = /^(src|server|common|tests|build|tools|docs|deploy|nginx|locales|public|\.ci)\//;

const ignored = new Set(
  readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);
/** As git reads .gitignore: a path, or a name (dist/) that matches at any depth. */
const isIgnored = (path: string) =>
  path
    .replace(/\/$/, '')
    .split('/')
    .some((name, i, parts) => {
      const prefix = parts.slice(0, i + 1).join('/');
      return [prefix, `${prefix}/`, name, `${name}/`].some((entry) => ignored.has(entry));
    });

/** The repository paths `text` quotes in backticks, as written and as looked up (no `:line`, no `#anchor`). */
const quotedPaths = (text: string) =>
  [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!.replace(/[,.;:]$/, '').replace(/^\.\//, ''))
    // Placeholders (<feature>, *), ranges and URLs are not paths.
    .filter((path) => REPOSITORY_PATH.test(path) && !/[<>*{}$]/.test(path) && !path.includes('...'))
    .map((path) => ({ path, target: path.replace(/:\d+$/, '').replace(/#.*$/, '') }));

it('the documents quote many repository paths (the check below reads them)', () => {
  const quoted = documents.flatMap((document) => quotedPaths(readFileSync(join(root, document), 'utf8')));
  expect(quoted.length).toBeGreaterThan(50);
});

describe.each(documents)('%s', (document) => {
  const text = readFileSync(join(root, document), 'utf8');

  it('links only to files of the repository', () => {
    const broken = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(normalize(join(root, dirname(document), target))));
    expect(broken).toEqual([]);
  });

  it('quotes only repository paths that exist', () => {
    const missing = quotedPaths(text)
      .filter(({ target }) => !existsSync(join(root, target)) && !isIgnored(target))
      .map(({ path }) => path);
    expect(missing).toEqual([]);
  });

  it('does not send the reader to design documents outside the repository', () => {
    expect(text).not.toMatch(/product\.md|seed-spec\.md/);
  });
});
