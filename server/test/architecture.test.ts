/**
 * The docs and the code agree, where a machine can tell:
 * - no server source file takes part in an import cycle (type imports count: sms/providers.ts and
 *   the providers it picks once imported each other for the SmsProvider type);
 * - the modules depend on each other through their index.ts exactly as docs/architecture.md's
 *   "Dependencies between modules run one way" says, and that graph has no cycle; the only imports of another
 *   module's tables are the named exceptions the same paragraph gives (and eslint.config.js allows).
 * The paths the docs name are checked by docs-files.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const serverSrc = join(root, 'server/src');
const modulesDir = join(serverSrc, 'modules');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );

/** The local files a source file imports or re-exports from (type-only ones too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm)]
    .map((m) => resolve(dirname(file), m[1]!))
    .filter((target) => target.startsWith(serverSrc) && existsSync(target));
}

describe('imports of the server', () => {
  const files = sourceFiles(serverSrc);
  const graph = new Map(files.map((file) => [file, importsOf(file)]));

  it('no file takes part in an import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(serverSrc, f)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) walk(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) walk(file, []);
    expect(files.length).toBeGreaterThan(100);
    expect(cycles).toEqual([]);
  });

  /** Module -> the modules whose index.ts (or tables.ts) its files import. */
  function moduleEdges(target: 'index' | 'tables'): Map<string, Set<string>> {
    const edges = new Map<string, Set<string>>();
    for (const [file, imports] of graph) {
      const from = relative(modulesDir, file).split('/');
      // Files of a module only (not the composition root modules/index.ts, nor files outside modules/).
      if (from.length < 2 || from[0] === '..') continue;
      for (const imported of imports) {
        const to = relative(modulesDir, imported).split('/');
        if (to.length !== 2 || to[0] === from[0] || to[1] !== `${target}.ts`) continue;
        if (!edges.has(from[0]!)) edges.set(from[0]!, new Set());
        edges.get(from[0]!)!.add(to[0]!);
      }
    }
    return edges;
  }

  const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  /** The edges the paragraph states: `a -> b, c` and chains `a -> b -> c`; `admin -> *` for admin. */
  function documentedEdges(): Map<string, Set<string>> {
    const paragraph = /Dependencies between modules run one way[\s\S]*?\n\n/.exec(architecture)?.[0] ?? '';
    const edges = new Map<string, Set<string>>();
    for (const [, statement] of paragraph.matchAll(/`([a-z-]+(?: -> [a-z-, *]+)+)`/g)) {
      const steps = statement!.split(' -> ').map((step) => step.split(',').map((name) => name.trim()));
      for (let i = 0; i + 1 < steps.length; i++) {
        for (const from of steps[i]!) {
          if (!edges.has(from)) edges.set(from, new Set());
          for (const to of steps[i + 1]!) edges.get(from)!.add(to);
        }
      }
    }
    return edges;
  }

  it("the modules' dependencies are those docs/architecture.md states, and run one way", () => {
    const actual = moduleEdges('index');
    const documented = documentedEdges();
    expect(documented.size).toBeGreaterThan(5);
    const allModules = readdirSync(modulesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const expand = (targets: Set<string>, from: string) =>
      targets.has('*') ? new Set(allModules.filter((m) => m !== from && actual.get(from)?.has(m))) : targets;
    const sorted = (edges: Map<string, Set<string>>) =>
      Object.fromEntries(
        [...edges]
          .filter(([, to]) => to.size > 0)
          .map(([from, to]) => [from, [...expand(to, from)].sort()])
          .sort(),
      );
    expect(sorted(actual)).toEqual(sorted(documented));
    // One way: the graph of index imports has no cycle.
    const seen = new Map<string, 'open' | 'done'>();
    const cyclic: string[] = [];
    const walk = (m: string) => {
      if (seen.get(m) === 'open') cyclic.push(m);
      if (seen.has(m)) return;
      seen.set(m, 'open');
      for (const next of actual.get(m) ?? []) walk(next);
      seen.set(m, 'done');
    };
    for (const m of actual.keys()) walk(m);
    expect(cyclic).toEqual([]);
  });

  it("another module's tables are imported only where the docs say: points and session read users; foreign keys", () => {
    const tables = moduleEdges('tables');
    // Foreign keys live in tables.ts files; the other imports are named in docs/architecture.md.
    const outsideTablesFiles = [...graph]
      .flatMap(([file, imports]) =>
        imports
          .filter((i) => /modules\/[a-z-]+\/tables\.ts$/.test(i) && !file.endsWith('/tables.ts') && !i.startsWith(dirname(file)))
          .map((i) => `${relative(serverSrc, file)} -> ${relative(serverSrc, i)}`),
      )
      .sort();
    expect(outsideTablesFiles).toEqual([
      'http/app.ts -> modules/user/tables.ts',
      'http/context.ts -> modules/user/tables.ts',
      'modules/points/ledger.ts -> modules/user/tables.ts',
      'modules/points/verify.ts -> modules/user/tables.ts',
      'modules/session/sessions.ts -> modules/user/tables.ts',
    ]);
    for (const named of ['points', 'session']) {
      expect(tables.get(named)).toEqual(new Set(['user']));
      expect(architecture).toMatch(new RegExp(`\`${named}\`[^.]*users`));
    }
  });
});
