#!/usr/bin/env node
// `npm run profile -- /route [/route …] [--runs=3] [--warm] [--top=15] [--build-dir=PATH]`
// Where the main thread's time goes while a signed-in page loads, on a phone-like CPU.
//
// Builds the web app with source maps (node_modules/.cache/profile-web; `--build-dir=PATH` profiles
// that build instead; it needs .map files for readable names), serves it behind the project's nginx
// and the real API (tools/edge-local.mjs), gives the demo account plans and templates and logs in
// through the form (tools/signed-in.mjs). Then, per route and run, in Chromium with Lighthouse's
// mobile viewport and 4x CPU slowdown (CDP Emulation; the network is not throttled): a trace with
// JS samples (CDP Tracing) of one load, cold (HTTP cache, service worker and its caches cleared;
// `--warm`: after one load that left the service worker controlling, nothing cleared).
// Printed for the run with the median main-thread total (the totals of every run first):
//   - main-thread time by kind (script, style and layout, parse/compile, paint, GC) as Lighthouse groups it,
//   - long tasks (> 50 ms): when, how long, and the source files busiest in each,
//   - self time of JS per function, per source file and per package (through the source maps),
//   - forced reflows (style or layout run synchronously inside a script) and where they come from,
//   - style recalculations (count, time, elements).
// Lighthouse's own trace processing (lighthouse/core/lib/tracehouse) turns the trace into tasks.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import TraceGatherer from 'lighthouse/core/gather/gatherers/trace.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { buildWeb } from '../build/build-web.mjs';
import { ROOT, startEdge } from './edge-local.mjs';
import { clearForColdVisit, firstVisit, keepSession, seedDemoWork, signInThroughForm } from './signed-in.mjs';

const option = (name, fallback) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const runs = Number(option('runs', '3'));
const top = Number(option('top', '15'));
const warm = process.argv.includes('--warm');
if (!routes.length || !(runs >= 1)) {
  console.error('usage: npm run profile -- /route [/route …] [--runs=3] [--warm] [--top=15] [--build-dir=PATH]');
  process.exit(2);
}

// Lighthouse's mobile preset (a mid-range phone) and the CPU slowdown of its simulated throttling.
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
// The Chromium and flags `npm run lhci` uses.
const { chromePath, settings } = JSON.parse(await readFile(join(ROOT, 'lighthouserc.json'), 'utf8')).ci.collect;
const CHROME_FLAGS = settings.chromeFlags.split(/\s+/).filter((flag) => flag && !flag.startsWith('--headless'));

let buildDir = option('build-dir');
if (!buildDir) {
  buildDir = join(ROOT, 'node_modules', '.cache', 'profile-web');
  console.log(`profile: building the web app with source maps into ${buildDir}`);
  await buildWeb(buildDir, {}, { sourcemap: true });
}

// ---- source maps: minified position -> original file, line and name ----
const sourceMaps = new Map();
async function sourceMapOf(url) {
  if (!url || !url.includes('/assets/')) return undefined;
  const file = join(buildDir, new URL(url).pathname.replace(/^\//, ''));
  if (!sourceMaps.has(file)) {
    sourceMaps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(await readFile(`${file}.map`, 'utf8'))) : undefined);
  }
  return sourceMaps.get(file);
}

/** A readable place for a JS position (0-based line and column): original file:line, or the chunk. */
async function place(url, line, column) {
  const map = await sourceMapOf(url);
  const entry = map?.findEntry(line, column);
  if (entry && entry.originalSource) {
    const original = entry.originalSource;
    const source = original.includes('node_modules/')
      ? original.replace(/^.*node_modules\//, '')
      : original.replace(/^(\.\.\/)+/, '').replace(/^.*?\/src\//, 'src/');
    return { file: source, line: entry.originalLine + 1, name: entry.name };
  }
  return { file: url ? new URL(url).pathname.split('/').pop() : '(native)', line: line + 1 };
}
const packageOf = (file) =>
  file.startsWith('src/') || file.startsWith('common/')
    ? file.split('/').slice(0, 3).join('/')
    : file.startsWith('@')
      ? file.split('/').slice(0, 2).join('/')
      : file.split('/')[0];

// ---- one traced load ----
async function traceLoad(browser, session, url) {
  const page = await browser.newPage();
  try {
    await keepSession(page, session);
    await page.setViewport(PHONE);
    const cdp = await page.createCDPSession();
    // Warm: the installed app's second visit (a first one installs the service worker); cold: nothing kept.
    if (warm) await firstVisit(page, url);
    else await clearForColdVisit(page, new URL(url).origin);
    await page.goto('about:blank');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.tracing.start({ categories: [...TraceGatherer.getDefaultTraceCategories(), 'disabled-by-default-v8.cpu_profiler'] });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
    // Idle callbacks, late renders and revalidations after the network went quiet.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${page.url()}: the session was lost`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return trace;
  } finally {
    await page.close();
  }
}

// ---- analysis ----
function allTasks(tasks) {
  const out = [];
  const walk = (task) => {
    out.push(task);
    task.children.forEach(walk);
  };
  tasks.filter((task) => !task.parent).forEach(walk);
  return out;
}

/** The JS sample profiles in a trace, one per process and profile id (ids repeat across processes). */
function cpuProfiles(traceEvents) {
  const profiles = new Map();
  for (const event of traceEvents) {
    if (event.name !== 'Profile' && event.name !== 'ProfileChunk') continue;
    const key = `${event.pid}:${event.id}`;
    const data = event.args?.data ?? {};
    if (event.name === 'Profile')
      profiles.set(key, { pid: event.pid, startTime: data.startTime ?? event.ts, nodes: [], samples: [], timeDeltas: [] });
    const profile = profiles.get(key);
    if (!profile) continue;
    profile.nodes.push(...(data.cpuProfile?.nodes ?? []));
    profile.samples.push(...(data.cpuProfile?.samples ?? []));
    profile.timeDeltas.push(...(data.timeDeltas ?? []));
  }
  return [...profiles.values()];
}

async function analyse(trace) {
  const processed = TraceProcessor.processTrace(trace);
  const navigation = TraceProcessor.processNavigation(processed);
  const originTs = processed.timestamps.timeOrigin;
  const tasks = MainThreadTasks.getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd, originTs);
  const everyTask = allTasks(tasks).filter((task) => task.endTime > 0);
  const byGroup = {};
  for (const task of everyTask) byGroup[task.group.label] = (byGroup[task.group.label] ?? 0) + task.selfTime;
  const total = Object.values(byGroup).reduce((sum, ms) => sum + ms, 0);

  // JS samples of the page's main thread, each with its time (ms since navigation) and length.
  // The page's own profile: the one whose code is the app's chunks (not the service worker's or another tab's).
  const appNodes = (candidate) => candidate.nodes.filter((node) => node.callFrame?.url?.includes('/assets/')).length;
  const profile = cpuProfiles(trace.traceEvents).sort((a, b) => appNodes(b) - appNodes(a))[0];
  const samples = [];
  const nodes = new Map();
  if (profile) {
    for (const node of profile.nodes) nodes.set(node.id, node);
    let ts = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      ts += profile.timeDeltas[i] ?? 0;
      const duration = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const at = (ts - originTs) / 1000;
      if (at >= 0 && duration > 0) samples.push({ at, duration, node: nodes.get(profile.samples[i]) });
    }
  }
  const placeOfNode = async (node) => {
    const frame = node.callFrame;
    const where = await place(frame.url, frame.lineNumber, frame.columnNumber);
    // The source map's name at a function's start is the original name when the map has one there.
    return { ...where, name: where.name || frame.functionName || '(anonymous)' };
  };
  const placed = new Map();
  for (const sample of samples) {
    if (!placed.has(sample.node.id)) placed.set(sample.node.id, await placeOfNode(sample.node));
    sample.place = placed.get(sample.node.id);
  }
  const isJs = (sample) => Boolean(sample.node.callFrame.url);
  const sumBy = (list, key) => {
    const sums = new Map();
    for (const sample of list) sums.set(key(sample), (sums.get(key(sample)) ?? 0) + sample.duration);
    return [...sums].sort((a, b) => b[1] - a[1]);
  };
  const jsSamples = samples.filter(isJs);
  const nativeTime = sumBy(
    samples.filter((sample) => !isJs(sample)),
    (sample) => sample.node.callFrame.functionName,
  );

  const longTasks = tasks
    .filter((task) => !task.parent && task.duration > LONG_TASK_MS && task.endTime > 0)
    .map((task) => ({
      start: task.startTime,
      duration: task.duration,
      files: sumBy(
        jsSamples.filter((sample) => sample.at >= task.startTime && sample.at < task.endTime),
        (sample) => sample.place.file,
      ).slice(0, 3),
    }));

  // Style or layout a script forced to run at once (its result was read before the next frame).
  const forced = [];
  for (const task of everyTask) {
    if (!['Layout', 'UpdateLayoutTree'].includes(task.event.name)) continue;
    let ancestor = task.parent;
    while (ancestor && ancestor.group.id !== 'scriptEvaluation') ancestor = ancestor.parent;
    if (!ancestor) continue;
    const stack = task.event.args?.beginData?.stackTrace ?? task.event.args?.data?.stackTrace;
    let where;
    if (stack?.length) {
      const frame = stack.find((candidate) => candidate.url?.includes('/assets/')) ?? stack[0];
      const at = await place(frame.url, (frame.lineNumber ?? 1) - 1, (frame.columnNumber ?? 1) - 1);
      where = `${frame.functionName || at.name || '(anonymous)'} ${at.file}:${at.line}`;
    } else {
      const before = jsSamples.filter((sample) => sample.at <= task.startTime).at(-1);
      where = before ? `${before.place.name} ${before.place.file}:${before.place.line} (nearest sample)` : '(unknown)';
    }
    forced.push({ kind: task.event.name === 'Layout' ? 'layout' : 'style', duration: task.duration, where });
  }
  const styleRecalcs = everyTask.filter((task) => task.event.name === 'UpdateLayoutTree');

  return {
    total,
    byGroup,
    fcp: navigation.timings.firstContentfulPaint,
    lcp: navigation.timings.largestContentfulPaint,
    longTasks,
    functions: sumBy(jsSamples, (sample) => `${sample.place.name}  ${sample.place.file}:${sample.place.line}`),
    files: sumBy(jsSamples, (sample) => sample.place.file),
    packages: sumBy(jsSamples, (sample) => packageOf(sample.place.file)),
    nativeTime,
    forced,
    styleRecalcs: {
      count: styleRecalcs.length,
      time: styleRecalcs.reduce((sum, task) => sum + task.duration, 0),
      elements: styleRecalcs.reduce((sum, task) => sum + (task.event.args?.elementCount ?? task.endEvent?.args?.elementCount ?? 0), 0),
    },
  };
}

// ---- printing ----
const ms = (value) => `${Math.round(value ?? 0)} ms`.padStart(8);
function table(title, rows, limit = top) {
  console.log(`  ${title}`);
  for (const [label, value] of rows.slice(0, limit)) console.log(`    ${ms(value)}  ${label}`);
}

function print(route, results) {
  const sorted = [...results].sort((a, b) => a.total - b.total);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  console.log(
    `\n=== ${route} (${warm ? 'warm: service worker controlling' : 'cold'}, CPU ${CPU_SLOWDOWN}x slower, ${results.length} run(s)) ===`,
  );
  console.log(
    `  main-thread total per run: ${results.map((r) => Math.round(r.total)).join(', ')} ms; long tasks per run: ${results.map((r) => r.longTasks.length).join(', ')}`,
  );
  console.log(
    `  median run: total ${ms(median.total).trim()}, FCP ${ms(median.fcp).trim()}, LCP ${ms(median.lcp).trim()} (observed, network unthrottled)`,
  );
  table(
    'main-thread time by kind',
    Object.entries(median.byGroup).sort((a, b) => b[1] - a[1]),
  );
  console.log(
    `  long tasks (> ${LONG_TASK_MS} ms): ${median.longTasks.length}, ${Math.round(median.longTasks.reduce((sum, task) => sum + task.duration, 0))} ms in all`,
  );
  for (const task of median.longTasks) {
    console.log(
      `    at ${ms(task.start)} for ${ms(task.duration)}   ${task.files.map(([file, time]) => `${file} ${Math.round(time)}`).join(', ')}`,
    );
  }
  table('JS self time by package', median.packages);
  table('JS self time by source file', median.files);
  table('JS self time by function', median.functions);
  table('native (not JS) sampled time', median.nativeTime, 6);
  const forcedTime = median.forced.reduce((sum, entry) => sum + entry.duration, 0);
  console.log(`  forced reflows: ${median.forced.length}, ${Math.round(forcedTime)} ms`);
  const forcedBy = new Map();
  for (const entry of median.forced) {
    const key = `${entry.kind} ${entry.where}`;
    const seen = forcedBy.get(key) ?? { count: 0, time: 0 };
    forcedBy.set(key, { count: seen.count + 1, time: seen.time + entry.duration });
  }
  for (const [key, { count, time }] of [...forcedBy].sort((a, b) => b[1].time - a[1].time).slice(0, 10))
    console.log(`    ${ms(time)}  ${count}x ${key}`);
  const recalc = median.styleRecalcs;
  console.log(`  style recalculations: ${recalc.count}, ${Math.round(recalc.time)} ms, ${recalc.elements} elements styled`);
}

const edge = await startEdge({ buildDir });
let exitCode = 0;
try {
  await seedDemoWork(edge.url);
  const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? chromePath, args: CHROME_FLAGS, headless: true });
  try {
    const session = await signInThroughForm(await browser.newPage(), edge.url);
    for (const route of routes) {
      const results = [];
      for (let run = 1; run <= runs; run++) {
        console.log(`profile: ${route} run ${run} of ${runs}`);
        results.push(await analyse(await traceLoad(browser, session, new URL(route, edge.url).href)));
      }
      print(route, results);
    }
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await edge.stop();
}
process.exit(exitCode);
