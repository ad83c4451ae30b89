/**
 * ESLint (flat config) over the app, common/, the API server, the test suites, the build and the tools:
 * typescript-eslint's recommended rules, React's hooks rules for the app, and the import boundaries
 * that keep the layers apart (no-restricted-imports patterns; the layering is written out below).
 *
 * Layers:
 * - src/lib and src/components are the app's shared layer: they never import src/features or src/app.
 * - A feature (src/features/<name>) never imports another feature: it reaches its own files with
 *   relative paths that stay inside the feature, and everything else through an alias (@/lib,
 *   @/components, @common). src/app/ is the composition root and may import any feature.
 * - Nothing in src/ imports server/, nor writes an API path: those come from common/routes.ts.
 * - common/ is shared by both sides and imports neither (only its own files and the catalogue data).
 * - The prerendered pages (build/prerendered-page-modules.json) and every module they import statically
 *   import no antd (they paint before it could arrive).
 * - What ships to the browser (src/, common/) calls no built-in the browser floor lacks: the floor's
 *   oldest engine, Chromium 80 (package.json's browserslist), is an ES2020 engine, so every ES2021+
 *   built-in (String.prototype.replaceAll, Array.prototype.at, Object.hasOwn, ...) is refused by
 *   eslint-plugin-es-x, with TypeScript's types saying what a method is called on; the build lowers
 *   the syntax (tests/old-browsers/syntax.test.ts checks it). Web platform APIs are checked against
 *   the browserslist floor itself by eslint-plugin-compat.
 * - server/src/http and server/src/db import no domain module (server/src/modules).
 * - A server module imports another module only through that module's index.ts; so do the ops CLI,
 *   the composition root, seeds, tests and benchmarks.
 * - Each module owns its tables (modules/<m>/tables.ts; infrastructure tables in db/tables.ts). No
 *   module imports another module's tables, nor the barrel of every table (server/src/tables.ts,
 *   for the tests), except the named exceptions in `tableExceptions` below; a module's tests
 *   (modules/<m>/*.test.ts) may read the barrel.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import compat from 'eslint-plugin-compat';
import esX from 'eslint-plugin-es-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** `no-restricted-imports` with these patterns (each `{ group | regex, message }`). */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** A relative path climbing `levels` folders or more. */
const climbing = (levels) => `^(\\.\\./){${levels},}`;

const TS = '{ts,tsx,mts,cts,js,mjs}';

/** Files `depth` folders below `root`, e.g. depth 1 = root/x/file.ts. */
const atDepth = (root, depth) => `${root}/${'*/'.repeat(depth)}*.${TS}`;

/**
 * A module's internals seen from `prefix` (the path up to the modules folder): anything but its
 * index, and but the `allowed` paths inside the modules folder (e.g. 'user/tables').
 */
const moduleInternals = (prefix, allowed = []) =>
  `^${prefix}${allowed.length ? `(?!(${allowed.join('|')})(\\.ts)?$)` : ''}[^/.]+/(?!index(\\.ts)?$)[^/]`;

/**
 * The named exceptions to "no module imports another module's tables" (files relative to
 * server/src, tables relative to server/src/modules), each with its reason.
 */
const tableExceptions = [
  // A foreign key names the referenced table (users, operators, goods): drizzle-kit writes the constraint from it.
  { files: ['modules/*/tables.ts', 'db/tables.ts'], tables: ['user/tables', 'operator/tables', 'goods/tables'] },
  // Every signed-in request finds its session and its user in one query joining users.
  { files: ['modules/session/sessions.ts'], tables: ['user/tables'] },
  // A balance is users.integral, written under the row lock of its ledger entry (points is its only
  // writer) and compared with the ledger by the money check.
  { files: ['modules/points/ledger.ts', 'modules/points/verify.ts'], tables: ['user/tables'] },
  // The type of request.user, the users row (a type import: nothing at run time).
  { files: ['http/context.ts', 'http/app.ts'], tables: ['user/tables'] },
  // The barrel of every table, for the tests' whole-database checks.
  { files: ['tables.ts'], tables: ['[^/.]+/tables'] },
];

const crossModule = "A module uses another module only through that module's index.ts (its tables too: see tableExceptions).";
/** From a module file `depth` folders below its module folder: the barrel of every table is off limits. */
const noTablesBarrel = (depth) => ({
  regex: `^(\\.\\./){${depth + 2}}tables(\\.ts)?$`,
  message:
    "A module never imports the barrel of every table (server/src/tables.ts): its own tables are in ./tables.ts, another module's data comes through that module's index.ts.",
});
/** The import rules of one server/src file (path relative to server/src) that may import the `tables` named. */
function exceptionBlock(file, tables) {
  const inModule = file.startsWith('modules/');
  const up = file.split('/').length - 1;
  if (inModule) {
    // a module file (modules/<m>/x.ts): the modules folder is one level up
    return {
      files: [`server/src/${file}`],
      rules: restrict(noApp, noTablesBarrel(0), { regex: moduleInternals('\\.\\./', tables), message: crossModule }),
    };
  }
  const prefix = up === 0 ? '\\./modules/' : `(\\.\\./){${up}}modules/`;
  const below = /^(http|db)\//.test(file)
    ? [
        {
          regex: `(^|/)modules/(?!(${tables.join('|')})(\\.ts)?$)`,
          message: 'http/ and db/ are below the domain modules and import none of them (but the named exceptions).',
        },
      ]
    : [{ regex: moduleInternals(prefix, tables), message: 'Outside the modules, a module is used only through its index.ts.' }];
  return { files: [`server/src/${file}`], rules: restrict(noApp, ...below) };
}

const noApp = { regex: '^(@/|(\\.\\./)+src/(features|components|app)(/|$))', message: 'The server never imports the app.' };
const noServer = { regex: '^(\\.\\./)+server(/|$)', message: 'The app never imports the API server; share pure code through common/.' };

const noApiPathStrings = ['Literal[value=/^\\/api(\\/|$)/]', 'TemplateElement[value.raw=/^\\/api(\\/|$)/]'].map((selector) => ({
  selector,
  message: 'API paths come from the route contract (common/routes.ts: routes.x, pathOf), never a string of their own.',
}));

const ROOT = dirname(new URL(import.meta.url).pathname);

/** The module a relative, `@/` or `@common/` import names, or null (packages, styles, data). */
function resolveLocal(fromFile, specifier) {
  const base = specifier.startsWith('@/')
    ? join(ROOT, 'src', specifier.slice(2))
    : specifier.startsWith('@common/')
      ? join(ROOT, 'common', specifier.slice('@common/'.length))
      : specifier.startsWith('.')
        ? join(dirname(fromFile), specifier)
        : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((file) => /\.(ts|tsx|js|mjs)$/.test(file) && existsSync(file) && statSync(file).isFile()) ?? null;
}

/**
 * The prerendered pages' modules (build/prerendered-page-modules.json, which vite.config.ts reads
 * too) and every module they import statically, transitively: what paints /login, /register,
 * /find-pwd and /privacy before antd could arrive. Type-only imports load nothing; import() loads later.
 */
function staticImportClosure(entries) {
  const seen = new Set();
  const queue = entries.map((entry) => join(ROOT, entry));
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/^\s*(?:import|export)(?!\s+type\s)\s[^'"]*?['"]([^'"]+)['"]/gm)) {
      const target = resolveLocal(file, specifier);
      if (target) queue.push(target);
    }
  }
  return [...seen].map((file) => relative(ROOT, file));
}

const plainPageFiles = staticImportClosure(
  Object.values(JSON.parse(readFileSync(join(ROOT, 'build/prerendered-page-modules.json'), 'utf8'))),
);

// esquery's regular expressions hold no '/' (\\x2F stands for it) nor lookaheads. @ant-design/icons-svg (plain SVG
// data, drawn by SvgIcon) is allowed.
const ANTD_SOURCE =
  '[source.value=/^(antd|@rc-component|@ant-design)(\\x2F|$)/]:not([source.value=/^@ant-design\\x2Ficons-svg\\x2F/]):not([importKind="type"]):not([exportKind="type"])';
const noAntd = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].map((node) => ({
  selector: `${node}${ANTD_SOURCE}`,
  message:
    'The prerendered pages (/login, /register, /find-pwd, /privacy) and what they import statically load no antd: use the Plain* components, or a lazy part (import()).',
}));

/**
 * es-x rules for the ES2021+ built-ins (the floor's oldest engine is ES2020), without those about
 * syntax, which the build lowers to the floor (build/browser-targets.ts) and the syntax test checks.
 */
const LOWERED_SYNTAX = new Set([
  'es-x/no-logical-assignment-operators',
  'es-x/no-numeric-separators',
  'es-x/no-arbitrary-module-namespace-names',
  'es-x/no-class-instance-fields',
  'es-x/no-class-private-fields',
  'es-x/no-class-private-methods',
  'es-x/no-class-static-block',
  'es-x/no-class-static-fields',
  'es-x/no-private-in',
  'es-x/no-top-level-await',
  'es-x/no-hashbang',
  'es-x/no-dynamic-import-options',
  'es-x/no-import-attributes',
  'es-x/no-json-modules',
  'es-x/no-trailing-dynamic-import-commas',
  'es-x/no-using-declarations',
]);
const BUILT_INS_NEWER_THAN_FLOOR = Object.fromEntries(
  Object.entries(esX.configs)
    .filter(([name]) => /^flat\/no-new-in-(es202[1-9]|esnext)(-intl-api)?$/.test(name))
    .flatMap(([, config]) => Object.keys(config.rules ?? {}))
    .filter((rule) => !LOWERED_SYNTAX.has(rule))
    .map((rule) => [rule, 'error']),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'dev-dist/**',
      'coverage/**',
      'data/**',
      '.lighthouseci/**',
      'server/drizzle/**',
      'server/dist/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // unused names fail the typecheck already (noUnusedLocals); `_name` marks a value left out on purpose
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // tests and benchmarks read untyped JSON answers and vendor callbacks
    files: [`server/test/**/*.${TS}`, `server/bench/**/*.${TS}`, `tests/**/*.${TS}`, `**/*.test.{ts,tsx}`],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: [`src/**/*.${TS}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },

  // ---- the browser floor: what ships to the browser calls nothing the floor lacks ----
  {
    files: [`src/**/*.${TS}`, `common/**/*.${TS}`],
    // The inline scripts (the floor check, the app's start) are plain ES5 pinned by their CSP hashes,
    // outside the TypeScript project; the floor check tests for what it uses.
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**', 'src/floor-check.js', 'src/app-start.js'],
    // TypeScript's types tell es-x what `x.at()` or `s.replaceAll()` is called on.
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
    plugins: { 'es-x': esX, compat },
    rules: { ...BUILT_INS_NEWER_THAN_FLOOR, 'compat/compat': 'error' },
  },

  // ---- import boundaries: the app ----
  {
    files: [`src/**/*.${TS}`],
    rules: restrict(noServer),
  },
  {
    files: [`src/lib/**/*.${TS}`, `src/components/**/*.${TS}`, `src/test/**/*.${TS}`],
    rules: restrict(noServer, {
      regex: '^(@/|(\\.\\./)+)(features|app)(/|$)',
      message: 'src/lib and src/components are the shared layer: they never import a feature or src/app (compose in src/app instead).',
    }),
  },
  ...features.flatMap((feature) =>
    [0, 1, 2, 3].map((depth) => ({
      files: [atDepth(`src/features/${feature}`, depth)],
      rules: restrict(
        noServer,
        {
          regex: '^@/(features|app)(/|$)',
          message: `A feature never imports another feature or src/app; compose features in src/app (its own files: relative paths).`,
        },
        {
          regex: climbing(depth + 1),
          message: `Relative imports stay inside the feature "${feature}"; shared code comes through @/lib, @/components or @common.`,
        },
      ),
    })),
  ),

  // ---- one route contract: the app names API paths only through common/routes.ts ----
  {
    files: [`src/**/*.${TS}`],
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...noApiPathStrings] },
  },
  {
    // the server registers its routes from the contract too; web/ answers what no module does (the SPA fallback)
    files: [`server/src/modules/**/routes.ts`],
    ignores: ['server/src/modules/web/**'],
    rules: { 'no-restricted-syntax': ['error', ...noApiPathStrings] },
  },
  // ---- the plain (prerendered) pages and everything they import statically load no antd ----
  {
    files: plainPageFiles.filter((file) => file.startsWith('src/')),
    rules: { 'no-restricted-syntax': ['error', ...noApiPathStrings, ...noAntd] },
  },
  {
    files: plainPageFiles.filter((file) => !file.startsWith('src/')),
    rules: { 'no-restricted-syntax': ['error', ...noAntd] },
  },

  // ---- import boundaries: common/ ----
  {
    files: [`common/**/*.${TS}`],
    rules: restrict({
      regex: '^(@/|\\.\\./(?!locales/))',
      message: 'common/ is shared by the app and the server and imports neither (only its own files and the catalogue).',
    }),
  },

  // ---- import boundaries: the server (one rule setting per file: the later, narrower block repeats the general pattern) ----
  {
    files: [`server/**/*.${TS}`],
    rules: restrict(noApp),
  },
  {
    files: [
      `server/src/*.${TS}`,
      `server/src/ops/**/*.${TS}`,
      `server/src/lib/**/*.${TS}`,
      `server/test/**/*.${TS}`,
      `server/bench/**/*.${TS}`,
      `server/staging/**/*.${TS}`,
    ],
    rules: restrict(noApp, {
      regex: moduleInternals('(\\./|(\\.\\./)+)(src/)?modules/'),
      message: 'Outside the modules, a module is used only through its index.ts.',
    }),
  },
  {
    files: [`server/src/http/**/*.${TS}`, `server/src/db/**/*.${TS}`],
    rules: restrict(noApp, { regex: '(^|/)modules(/|$)', message: 'http/ and db/ are below the domain modules and import none of them.' }),
  },
  {
    files: ['server/src/modules/index.ts'],
    rules: restrict(noApp, { regex: moduleInternals('\\./'), message: 'The composition root uses each module through its index.ts.' }),
  },
  ...[0, 1, 2].map((depth) => ({
    files: [atDepth('server/src/modules/*', depth)],
    rules: restrict(noApp, noTablesBarrel(depth), { regex: moduleInternals(`(\\.\\./){${depth + 1}}`), message: crossModule }),
  })),
  ...tableExceptions.flatMap(({ files, tables }) => files.map((file) => exceptionBlock(file, tables))),
  {
    // A module's tests check rows anywhere in the database: they may read the barrel of every table
    // (server/src/tables.ts); other modules' code still only through their index.ts.
    files: [`server/src/modules/*/*.test.ts`],
    rules: restrict(noApp, { regex: moduleInternals('\\.\\./'), message: crossModule }),
  },
);
