#!/usr/bin/env node
// `npm run lhci`: Lighthouse CI on the production edge. Builds dist/ when missing (--rebuild to
// force), serves a precompressed copy of it as the image does, starts the real API (temporary database) behind
// the project's nginx config on free ports, then runs `lhci collect` (the visitor URLs of
// lighthouserc.json, moved to that port), Lighthouse on the signed-in routes (lhci-signed-in.mjs:
// logged in through the form, a database holding plans and templates, cold and warm (the installed
// app's second visit); `--visitor-only` skips them, `--signed-in-only` runs only them, `--visit=cold`
// or `--visit=warm` only those runs, `--route=/path` (repeatable) only those signed-in routes,
// `--build-dir=PATH` serves that build instead of dist/, e.g. to compare two builds), prints the
// figures per URL (median of the runs), fails when a page lacks its runs or was not audited on the
// mobile preset, warns about the warm runs' budget (WARM_BUDGETS), then `lhci assert` (the budgets of
// lighthouserc.json, cold runs) and `lhci upload` (filesystem, .lighthouseci/).
// Exit code: that of `lhci assert`.
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, ensureBuild, startEdge } from './edge-local.mjs';
import { VISITS, WARM_BUDGETS, WARM_DIR, collectSignedIn } from './lhci-signed-in.mjs';
import { SIGNED_IN_ROUTES } from './signed-in.mjs';

const RC = join(ROOT, 'lighthouserc.json');
const OUT = join(ROOT, '.lighthouseci');
const LHCI = join(ROOT, 'node_modules', '.bin', 'lhci');

function lhci(args) {
  const result = spawnSync(LHCI, [...args, `--config=${RC}`], { cwd: ROOT, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Figures of one Lighthouse result: category scores, metrics, bytes on the wire per kind. */
function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const transfer = Object.fromEntries((lhr.audits['resource-summary']?.details?.items ?? []).map((item) => [item.resourceType, item]));
  return {
    performance: lhr.categories.performance?.score,
    accessibility: lhr.categories.accessibility?.score,
    bestPractices: lhr.categories['best-practices']?.score,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndex: audit('speed-index'),
    scriptBytes: transfer.script?.transferSize,
    scriptRequests: transfer.script?.requestCount,
    stylesheetBytes: transfer.stylesheet?.transferSize,
    documentBytes: transfer.document?.transferSize,
    totalBytes: transfer.total?.transferSize,
    totalRequests: transfer.total?.requestCount,
  };
}

const isReport = (name) => /^lhr-.*\.json$/.test(name);
const WARM_SUFFIX = ' (warm)';

/** Figures per URL path, median of its runs; warm runs under "<path> (warm)". */
async function summarize() {
  const byPath = new Map();
  const notPhone = new Set();
  for (const [dir, suffix] of [
    [OUT, ''],
    [join(OUT, WARM_DIR), WARM_SUFFIX],
  ]) {
    for (const name of (await readdir(dir).catch(() => [])).filter(isReport)) {
      const lhr = JSON.parse(await readFile(join(dir, name), 'utf8'));
      const path = `${new URL(lhr.requestedUrl).pathname}${suffix}`;
      byPath.set(path, [...(byPath.get(path) ?? []), figuresOf(lhr)]);
      if (lhr.configSettings?.formFactor !== 'mobile' || lhr.configSettings?.screenEmulation?.mobile !== true) notPhone.add(path);
    }
  }
  if (notPhone.size) throw new Error(`Lighthouse did not run on the mobile preset for ${[...notPhone].join(', ')}`);
  const summary = {};
  for (const [path, runs] of byPath) {
    summary[path] = { runs: runs.length };
    for (const key of Object.keys(runs[0])) summary[path][key] = median(runs.map((run) => run[key]));
  }
  return summary;
}

function printSummary(summary) {
  const score = (v) => (v === undefined ? '  -' : String(Math.round(v * 100)).padStart(3));
  const ms = (v) => (v === undefined ? '-' : `${Math.round(v)} ms`);
  const kb = (v) => (v === undefined ? '-' : `${(v / 1024).toFixed(1)} KiB`);
  console.log('\nLighthouse (mobile preset, simulated throttling): median of the runs per URL');
  console.log('URL                        runs perf a11y bp   FCP      LCP      TBT     CLS    JS (gzip, reqs)   CSS     total (reqs)');
  for (const [path, f] of Object.entries(summary)) {
    console.log(
      [
        path.padEnd(26),
        String(f.runs).padStart(4),
        score(f.performance).padStart(4),
        score(f.accessibility).padStart(4),
        score(f.bestPractices).padStart(4),
        ms(f.fcp).padStart(8),
        ms(f.lcp).padStart(8),
        ms(f.tbt).padStart(7),
        (f.cls ?? 0).toFixed(3).padStart(6),
        `${kb(f.scriptBytes)} (${f.scriptRequests ?? 0})`.padStart(17),
        kb(f.stylesheetBytes).padStart(8),
        `${kb(f.totalBytes)} (${f.totalRequests ?? 0})`.padStart(16),
      ].join(' '),
    );
  }
  console.log('Bytes are transfer sizes through nginx (gzip); warm: served by the service worker. Reports: .lighthouseci/reports/\n');
}

/** The warm runs' budget, at warn level: prints each miss, never fails the run. */
function warnWarmBudgets(summary) {
  for (const [path, figures] of Object.entries(summary)) {
    if (!path.endsWith(WARM_SUFFIX)) continue;
    if (figures.performance < WARM_BUDGETS.performance)
      console.log(
        `⚠️  warm performance warning for ${path}: ${Math.round(figures.performance * 100)} (median), expected >= ${WARM_BUDGETS.performance * 100}`,
      );
  }
}

const rc = JSON.parse(await readFile(RC, 'utf8'));
const option = (name) => process.argv.filter((arg) => arg.startsWith(`--${name}=`)).map((arg) => arg.slice(name.length + 3));
const buildDir = option('build-dir')[0] ?? (await ensureBuild({ force: process.argv.includes('--rebuild') }));
const onlyRoutes = option('route');
const visits = option('visit').length ? VISITS.filter((visit) => option('visit').includes(visit)) : VISITS;
const edge = await startEdge({ buildDir });
let exitCode = 1;
try {
  console.log(`lhci: nginx ${edge.url} -> API ${edge.api.url}, serving a copy of ${buildDir}`);
  const urls = rc.ci.collect.url.map((raw) => {
    const url = new URL(raw);
    url.host = new URL(edge.url).host;
    return url.href;
  });
  // Only this run's reports in .lighthouseci/reports (the filesystem target adds, never prunes).
  await rm(join(OUT, 'reports'), { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  await rm(join(OUT, WARM_DIR), { recursive: true, force: true });
  if (process.argv.includes('--signed-in-only')) {
    for (const name of await readdir(OUT).catch(() => [])) if (isReport(name)) await rm(join(OUT, name));
  } else {
    const collected = lhci(['collect', ...urls.map((url) => `--url=${url}`)]);
    if (collected !== 0) throw new Error(`lhci collect failed (exit ${collected})`);
  }
  if (!process.argv.includes('--visitor-only')) {
    const { numberOfRuns, chromePath, settings } = rc.ci.collect;
    await collectSignedIn({
      baseURL: edge.url,
      outDir: OUT,
      runs: numberOfRuns,
      chromePath,
      ...settings,
      visits,
      ...(onlyRoutes.length ? { routes: onlyRoutes } : {}),
    });
  }
  const summary = await summarize();
  printSummary(summary);
  warnWarmBudgets(summary);
  // lhci assert passes a budget whose URL pattern matches no report: every page audited must be there.
  const signedIn = process.argv.includes('--visitor-only') ? [] : onlyRoutes.length ? onlyRoutes : SIGNED_IN_ROUTES;
  const expected = [
    ...(process.argv.includes('--signed-in-only') ? [] : urls.map((url) => new URL(url).pathname)),
    ...(visits.includes('cold') ? signedIn : []),
    ...(visits.includes('warm') ? signedIn.map((path) => `${path}${WARM_SUFFIX}`) : []),
  ];
  const missing = expected.filter((path) => summary[path]?.runs !== rc.ci.collect.numberOfRuns);
  if (missing.length) throw new Error(`expected ${rc.ci.collect.numberOfRuns} Lighthouse reports each for ${missing.join(', ')}`);
  await writeFile(join(OUT, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  exitCode = lhci(['assert']);
  const uploaded = lhci(['upload']);
  if (uploaded !== 0) exitCode ||= uploaded;
} catch (error) {
  console.error(error instanceof Error ? `${error.message}${error.cause ? ` (${error.cause})` : ''}` : error);
} finally {
  await edge.stop();
}
process.exit(exitCode);
