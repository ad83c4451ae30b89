#!/usr/bin/env node
// `npm run bench:taps [-- --runs=3] [--build-dir=PATH] [--only=text]`: how long each tap of a seller's
// day takes to show its answer on a phone: Chromium at 390 x 844 (touch, 3x), the CPU slowed 4x
// (CDP Emulation.setCPUThrottlingRate), signed in as the demo account holding plans and templates
// (tools/signed-in.mjs), served as in production (nginx in front of the API, tools/edge-local.mjs).
// Each tap is measured by the page's Event Timing (PerformanceObserver 'event', read through the
// DevTools protocol): the interaction's latency is the longest event of it (pointerdown, pointerup,
// click: input delay + handlers + the next paint). Every tab, dialog, drawer and menu, the price
// table, the hour-distribution editor, the publish confirmation, the plan detail: `runs` times each
// (3), their median printed (and every run); a tap whose events all took under 16 ms (Event
// Timing's floor) counts 16. It prints figures and does not pass or fail; the machine's load moves
// them: compare builds back to back (`--build-dir`), and run it twice.
/* global window */
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureBuild, ROOT, startEdge } from './edge-local.mjs';
import { DEMO, LOGIN_PLACEHOLDERS, seedDemoWork } from './signed-in.mjs';

const option = (name, fallback) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Number(option('runs', '3'));
const ONLY = option('only', '');
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'zh-CN' };
const { chromePath } = JSON.parse(await readFile(join(ROOT, 'lighthouserc.json'), 'utf8')).ci.collect;

/** Records every event entry of an interaction (from the page's start) in window.__taps. */
const OBSERVE = () => {
  window.__taps = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId) window.__taps.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
};

const dialog = (page, title) => page.getByRole('dialog').filter({ hasText: title });
const closeDialog = async (page, title) => {
  const open = dialog(page, title);
  await open
    .getByRole('button', { name: /close|关闭|关\s*闭|取\s*消/i })
    .first()
    .click();
  await open.waitFor({ state: 'hidden' });
};
const settle = (page) => page.waitForTimeout(400);

/**
 * The taps: [name, route to open first (or null: stay), tap, wait for its answer, tidy up after].
 * Route `null` keeps the page the previous tap left.
 */
const TAPS = [
  ['价格表 (open)', '/', (p) => p.getByTestId('open-price').tap(), (p) => dialog(p, '价格表').waitFor(), null],
  [
    '价格表: 京东',
    null,
    (p) => dialog(p, '价格表').getByText('京东', { exact: true }).tap(),
    () => undefined,
    (p) => closeDialog(p, '价格表'),
  ],
  [
    '运营咨询 (open)',
    '/',
    (p) => p.getByTestId('open-service').tap(),
    (p) => dialog(p, '运营咨询').waitFor(),
    (p) => closeDialog(p, '运营咨询'),
  ],
  ['account menu', '/', (p) => p.getByTestId('user-menu').tap(), (p) => p.getByRole('menuitem', { name: '修改密码' }).waitFor(), null],
  [
    'menu: 修改密码',
    null,
    (p) => p.getByRole('menuitem', { name: '修改密码' }).tap(),
    (p) => dialog(p, '修改密码').waitFor(),
    (p) => closeDialog(p, '修改密码'),
  ],
  [
    'recharge tab 会员升级',
    '/recharge/integral',
    (p) => p.getByTestId('recharge-tab-member').tap(),
    (p) => p.locator('[data-recharge-type="member"]').waitFor(),
    null,
  ],
  [
    'recharge tab 积分明细',
    null,
    (p) => p.getByTestId('recharge-tab-integral-details').tap(),
    (p) => p.locator('[data-recharge-type="integral-details"]').waitFor(),
    null,
  ],
  [
    'recharge tab 充值记录',
    null,
    (p) => p.getByTestId('recharge-tab-record').tap(),
    (p) => p.locator('[data-recharge-type="record"]').waitFor(),
    null,
  ],
  [
    'recharge tab 积分充值',
    null,
    (p) => p.getByTestId('recharge-tab-integral').tap(),
    (p) => p.locator('[data-recharge-type="integral"]').waitFor(),
    null,
  ],
  [
    'platform 京东',
    '/flow/tb',
    (p) => p.getByTestId('platform-switch').getByText('京东', { exact: true }).tap(),
    (p) => p.locator('[data-flow-type="jd"]').waitFor(),
    null,
  ],
  [
    'platform 拼多多',
    null,
    (p) => p.getByTestId('platform-switch').getByText('拼多多', { exact: true }).tap(),
    (p) => p.locator('[data-flow-type="pdd"]').waitFor(),
    null,
  ],
  [
    'platform 淘宝/天猫',
    null,
    (p) => p.getByTestId('platform-switch').getByText('淘宝/天猫', { exact: true }).tap(),
    (p) => p.locator('[data-flow-type="tb"]').waitFor(),
    null,
  ],
  [
    'hours: 流量曲线',
    '/flow/tb',
    (p) => p.getByTestId('distribution-presets').getByText('流量曲线', { exact: true }).tap(),
    () => undefined,
    null,
  ],
  ['hours: 自定义', null, (p) => p.getByTestId('distribution-presets').getByText('自定义', { exact: true }).tap(), () => undefined, null],
  [
    'hours: 平均分布',
    null,
    (p) => p.getByTestId('distribution-presets').getByText('平均分布', { exact: true }).tap(),
    () => undefined,
    null,
  ],
  [
    'publish confirmation',
    '/flow/tb',
    async (p) => p.getByTestId('publish').tap(),
    (p) => p.getByTestId('publish-confirm-text').waitFor(),
    (p) => closeDialog(p, '确认发布'),
  ],
  ['plan tab 进行中', '/plan/list', (p) => p.getByRole('tab', { name: /进行中/ }).tap(), () => undefined, null],
  ['plan tab 全部', null, (p) => p.getByRole('tab', { name: /全部/ }).first().tap(), () => undefined, null],
  // On a phone a plan's row opens its details, whose foot carries the plan's actions.
  ['plan detail', '/plan/list', (p) => p.getByTestId('plan-row').first().tap(), (p) => p.getByTestId('plan-details').waitFor(), null],
  [
    'plan 时间分布',
    null,
    (p) => p.getByTestId('plan-details-actions').getByRole('button', { name: '时间分布' }).tap(),
    // the details' own time distribution brought into view: its heading takes the focus
    (p) => p.locator('[data-testid="plan-details"] h3:focus').waitFor(),
    null,
  ],
  [
    'plan tab 计划模板',
    '/plan/list',
    (p) => p.getByRole('tab', { name: '计划模板' }).tap(),
    (p) => p.getByTestId('template-list').waitFor(),
    null,
  ],
  // A template's actions, from the first card of the list.
  [
    'template 发布',
    '/plan/template',
    (p) => p.getByTestId('template-list').getByRole('button', { name: '发布', exact: true }).first().tap(),
    (p) => dialog(p, '发布模板').waitFor(),
    (p) => closeDialog(p, '发布模板'),
  ],
  [
    'template 编辑',
    '/plan/template',
    (p) => p.getByTestId('template-list').getByRole('button', { name: '编辑', exact: true }).first().tap(),
    (p) => dialog(p, '编辑模板').waitFor(),
    (p) => closeDialog(p, '编辑模板'),
  ],
  [
    'template 详情',
    '/plan/template',
    (p) => p.getByTestId('template-list').getByRole('button', { name: '详情', exact: true }).first().tap(),
    (p) => dialog(p, '模板详情').waitFor(),
    (p) => closeDialog(p, '模板详情'),
  ],
  [
    'template 时间分布',
    '/plan/template',
    (p) => p.getByTestId('template-list').getByRole('button', { name: '时间分布', exact: true }).first().tap(),
    (p) => dialog(p, '时间分布').waitFor(),
    (p) => closeDialog(p, '时间分布'),
  ],
  ['plan tab 计划列表', null, (p) => p.getByRole('tab', { name: '计划列表' }).tap(), (p) => p.getByTestId('plan-list').waitFor(), null],
  [
    'avatar picker',
    '/user/center',
    (p) => p.getByTestId('change-avatar').tap(),
    (p) => p.getByTestId('avatar-grid').waitFor(),
    (p) => closeDialog(p, '头像'),
  ],
  // The phone's bottom navigation: each tap changes the page.
  ['bottom nav 计划', '/', (p) => p.getByTestId('bottom-nav-plans').tap(), (p) => p.getByTestId('plan-list').waitFor(), null],
  ['bottom nav 发布', null, (p) => p.getByTestId('bottom-nav-publish').tap(), (p) => p.getByTestId('platform-switch').waitFor(), null],
  ['bottom nav 我的', null, (p) => p.getByTestId('bottom-nav-mine').tap(), (p) => p.getByTestId('invite-card').waitFor(), null],
  ['bottom nav 首页', null, (p) => p.getByTestId('bottom-nav-home').tap(), (p) => p.waitForURL((url) => url.pathname === '/'), null],
  [
    'user centre 修改密码',
    '/user/center',
    (p) => p.getByTestId('user-change-password').tap(),
    (p) => dialog(p, '修改密码').waitFor(),
    (p) => closeDialog(p, '修改密码'),
  ],
];

/** Fills the publish form far enough for 发布 to open its confirmation. */
async function fillPublishForm(page) {
  await page.getByTestId('item-url').fill('https://item.taobao.com/item.htm?id=7012345678');
  await page.getByTestId('item-lookup').click();
  await page.getByTestId('item-card').waitFor();
  await page.getByTestId('item-title').fill('测速商品 保温杯');
  await page.getByPlaceholder('关键词 1').fill('保温杯');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const buildDir = option('build-dir') ?? (await ensureBuild({ force: process.argv.includes('--rebuild') }));
  const edge = await startEdge({ buildDir });
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'] });
  const results = new Map();
  try {
    await seedDemoWork(edge.url);
    const context = await browser.newContext({ ...PHONE, baseURL: edge.url });
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByPlaceholder(LOGIN_PLACEHOLDERS.phone).fill(DEMO.phone);
    await page.getByPlaceholder(LOGIN_PLACEHOLDERS.password).fill(DEMO.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const cdp = await context.newCDPSession(page);
    for (let run = 1; run <= RUNS; run++) {
      for (const [name, route, tap, answered, after] of TAPS) {
        if (ONLY && !name.includes(ONLY)) continue;
        if (route) {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
          await page.goto(route);
          await page.waitForLoadState('networkidle');
          if (name === 'publish confirmation') await fillPublishForm(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
          await settle(page);
        }
        const seen = await page.evaluate(() => window.__taps.length);
        try {
          await tap(page);
          await answered(page);
          await settle(page);
        } catch (error) {
          console.error(`taps: ${name} (run ${run}): ${error.message.split('\n')[0]}`);
          results.set(name, [...(results.get(name) ?? []), NaN]);
          continue;
        }
        const entries = (await page.evaluate(() => window.__taps)).slice(seen);
        // The tap's interaction: the first one recorded after it; its latency the longest of its events.
        const id = entries[0]?.id;
        const latency = id === undefined ? 16 : Math.max(...entries.filter((e) => e.id === id).map((e) => e.duration));
        results.set(name, [...(results.get(name) ?? []), latency]);
        if (after) {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
          await after(page).catch((error) => console.error(`taps: after ${name}: ${error.message.split('\n')[0]}`));
        }
      }
    }
  } finally {
    await browser.close();
    await edge.stop();
  }
  console.log(`\nTaps at ${CPU_SLOWDOWN}x CPU, 390 x 844 touch (Event Timing: longest event of the interaction; median of ${RUNS})`);
  for (const [name, values] of results) {
    const ok = values.filter((v) => !Number.isNaN(v));
    const m = ok.length ? median(ok) : NaN;
    console.log(
      `${name.padEnd(26)} ${Number.isNaN(m) ? '   failed' : `${String(Math.round(m)).padStart(5)} ms`}${m > 100 ? '  > 100' : ''}   runs: ${values.map((v) => (Number.isNaN(v) ? 'x' : Math.round(v))).join(', ')}`,
    );
  }
}

await main();
