/**
 * Every screen at the phone widths sellers use (360, 390, 414, 430 px) and on a desktop (1440 px),
 * as a visitor, signed in as a gold member whose lists are full and whose plans and templates carry
 * long names, and signed in with empty lists: the page never scrolls sideways, no text is broken one
 * character a line, no short label and no date is broken across lines (checked on the rendered line
 * boxes of every text node, Range.getClientRects), and axe-core (injected into the page) finds no
 * critical or serious accessibility violation, with the main dialogs, drawers and sheets open too.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createPlanViaApi,
  openPage,
  openSignedInPage,
  registerUserViaApi,
  topUp,
  useBrowser,
  type OpenedPage,
  type TestUser,
} from './harness';

const browser = useBrowser();
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const VISITOR_SCREENS = ['/login', '/register', '/find-pwd', '/privacy'];
const SIGNED_IN_SCREENS = [
  '/',
  '/flow/tb',
  '/plan/list',
  '/plan/template',
  '/recharge/integral',
  '/recharge/member',
  '/recharge/integral-details',
  '/recharge/record',
  '/user/center',
  '/privacy',
];
/** The screens whose lists can be empty, for the account that has nothing yet. */
const EMPTY_LIST_SCREENS = ['/', '/plan/list', '/plan/template', '/recharge/integral-details', '/recharge/record', '/user/center'];
const WIDTHS = [360, 390, 414, 430, 1440];
const isPhone = (width: number) => width <= 720;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's critical and serious violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe.run(
      document,
    );
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** How far the page scrolls sideways, in CSS pixels (0 when it fits). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Text broken where a reader stumbles, read from the line boxes the browser laid out (not from
 * overflow): every visible text node's Range.getClientRects(), grouped into lines. Answers one line
 * per problem: a text of several characters laid out about one character a line (a column squeezed
 * to nothing), a short label (up to 6 characters, no space: 关键词, 取消) on more than one line, and a
 * date or date-time (2026-11-28, 2026-11-28 04:10:36) broken across lines.
 */
function brokenText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const range = document.createRange();
    /** Distinct lines among the rects: tops further apart than half a rect's height are other lines. */
    const lineCount = (rects: DOMRectList) => {
      const tops = [...rects]
        .filter((r) => r.width > 0.5 && r.height > 0.5)
        .map((r) => ({ top: r.top, height: r.height }))
        .sort((a, b) => a.top - b.top);
      let lines = 0;
      let last = -Infinity;
      for (const { top, height } of tops) {
        if (top - last > height / 2) lines += 1;
        last = top;
      }
      return lines;
    };
    const where = (el: Element) => {
      const id = el.closest('[data-testid]')?.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}${id ? ` in [${id}]` : ''}`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const raw = node.textContent ?? '';
      const text = raw.trim();
      const el = node.parentElement;
      if (text.length < 2 || !el || el.closest('svg, script, style, noscript, template')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0') continue;
      range.selectNodeContents(node);
      const lines = lineCount(range.getClientRects());
      if (lines >= 2) {
        const chars = [...text.replace(/\s/g, '')].length;
        if (chars / lines < 2) problems.push(`"${text.slice(0, 24)}" laid out about one character a line (${lines} lines) at ${where(el)}`);
        else if (chars <= 6 && !/\s/.test(text)) problems.push(`label "${text}" broken across ${lines} lines at ${where(el)}`);
      }
      for (const match of raw.matchAll(/\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)?/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (lineCount(range.getClientRects()) >= 2) problems.push(`date "${match[0]}" broken across lines at ${where(el)}`);
      }
    }
    return problems;
  });
}

/** What is wrong with the screen as it is now: sideways scroll, broken text, serious axe violations (none: []). */
async function screenProblems(page: Page, label: string): Promise<string[]> {
  const overflow = await sidewaysOverflow(page);
  return [
    ...(overflow > 0 ? [`scrolls ${overflow} px sideways`] : []),
    ...(await brokenText(page)),
    ...(await seriousViolations(page)),
  ].map((problem) => `${label}: ${problem}`);
}

async function settle(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page
    .locator('.page-loading')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/** Visits each path in turn and answers every problem found, so one run lists them all. */
async function problemsOn(page: Page, paths: string[], width: number): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await settle(page, path);
    problems.push(...(await screenProblems(page, `${path} at ${width}`)));
  }
  return problems;
}

/** Opens a dialog, drawer or menu on the current screen; the screen is checked while it is open, then Escape closes it. */
interface Overlay {
  name: string;
  path: string;
  open: (page: Page) => Promise<void>;
  /** Only where the screen has it: phones (the filter sheet) or wide screens. */
  only?: 'phone' | 'wide';
}

const dialogNamed = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title }).waitFor();

const VISITOR_OVERLAYS: Overlay[] = [
  {
    name: '用户服务协议',
    path: '/register',
    open: async (page) => {
      await page.getByTestId('open-agreement').click();
      await dialogNamed(page, '用户服务协议');
    },
  },
];

const SIGNED_IN_OVERLAYS: Overlay[] = [
  {
    name: '运营咨询',
    path: '/',
    open: async (page) => {
      await page.getByTestId('open-service').click();
      await dialogNamed(page, '专属运营');
    },
  },
  {
    name: '价格表',
    path: '/',
    open: async (page) => {
      await page.getByTestId('open-price').click();
      await page.getByTestId('price-config').first().waitFor();
    },
  },
  {
    name: 'account menu',
    path: '/',
    open: async (page) => {
      await page.getByTestId('user-menu').hover();
      await page.getByRole('menuitem', { name: '修改密码' }).waitFor();
    },
  },
  {
    name: '修改密码',
    path: '/user/center',
    open: async (page) => {
      await page.getByTestId('user-change-password').click();
      await dialogNamed(page, '确认修改');
    },
  },
  {
    name: '注销账号',
    path: '/user/center',
    open: async (page) => {
      await page.getByTestId('delete-account').click();
      await dialogNamed(page, '确认注销');
    },
  },
  {
    name: '计划详情',
    path: '/plan/list',
    only: 'wide',
    open: async (page) => {
      await page.getByTestId('plan-list').getByRole('button', { name: '详情' }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    // a phone's plan row opens its details (with its actions) on a tap
    name: '计划详情',
    path: '/plan/list',
    only: 'phone',
    open: async (page) => {
      await page.getByTestId('plan-row').first().click();
      await page.getByTestId('plan-details-actions').waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: '筛选',
    path: '/plan/list',
    only: 'phone',
    open: async (page) => {
      await page.getByTestId('plan-filter-open').click();
      await page.getByTestId('plan-filter-sheet').waitFor();
    },
  },
  {
    name: '模板编辑',
    path: '/plan/template',
    open: async (page) => {
      await page.getByRole('button', { name: '编辑' }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: '支付',
    path: '/recharge/integral',
    open: async (page) => {
      await page.getByTestId('pay-methods').getByText('支付宝', { exact: true }).click();
      await page.getByTestId('checkout-pay').click();
      await page.getByTestId('order-no').waitFor();
    },
  },
];

/** Each overlay opened on its screen: what is wrong while it is open. */
async function overlayProblems(page: Page, overlays: Overlay[], width: number): Promise<string[]> {
  const problems: string[] = [];
  for (const overlay of overlays.filter((o) => !o.only || (o.only === 'phone') === isPhone(width))) {
    await settle(page, overlay.path);
    await overlay.open(page);
    // the opening motion, so axe sees the final colours (a fixed pause ran short on a busy machine)
    // (endless ones, a spinner or a skeleton's shimmer, never finish and are left out).
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    );
    problems.push(...(await screenProblems(page, `${overlay.path} with ${overlay.name} open at ${width}`)));
    await page.keyboard.press('Escape');
  }
  return problems;
}

let user: TestUser;
let emptyUser: TestUser;

/** Buys the gold membership (level 3) through the sandbox. */
async function buyGold(token: string) {
  const goods = await api<{ id: number; level: number }[]>('/api/god/get?type=member', { token });
  const gold = goods.body!.data!.find((g) => g.level === 3)!;
  const order = await api<{ orderNo: string }>('/api/order/create', { token, body: { goodsId: gold.id, payType: 1 } });
  await api(`/api/pay/sandbox/${order.body!.data!.orderNo}/confirm`, { token, body: {} });
}

beforeAll(async () => {
  // a gold member with full lists (two pages of plans) and long names
  const registered = await registerUserViaApi();
  await topUp(registered.token);
  await topUp(registered.token);
  await buyGold(registered.token);
  const longTitle = (n: number) => `保温杯 316 不锈钢 大容量 超长标题用来检查换行是否正常 男女学生便携水杯 办公室车载 礼盒装 ${n}`;
  for (let n = 1; n <= 11; n++) {
    const planId = await createPlanViaApi(registered.token, String(n % 10), longTitle(n));
    if (n <= 2) {
      await api('/api/plan/template/generate', {
        token: registered.token,
        body: { planId, name: `双十一大促 保温杯 主推款 全天流量曲线 长名称模板 ${n}` },
      });
    }
  }
  const me = await api<{ memberLevel: number }>('/api/user/user-data', { token: registered.token });
  expect(me.body!.data!.memberLevel).toBe(3);
  user = registered;
  // nothing yet: every list empty
  emptyUser = await registerUserViaApi();
});

/** A page of the given kind at `width`, opened before the tests of a describe block and closed after them. */
function usePageAt(width: number, account: () => TestUser | undefined) {
  let opened: OpenedPage | undefined;
  beforeAll(async () => {
    const viewport = { width, height: width < 800 ? 844 : 900 };
    const who = account();
    opened = who ? await openSignedInPage(browser(), who, { viewport }) : await openPage(browser(), undefined, { viewport });
  });
  afterAll(async () => {
    // no uncaught page error on any of the screens
    expect(opened?.errors).toEqual([]);
    await opened?.context.close();
  });
  return () => opened!.page;
}

const overlaysAt = (overlays: Overlay[], width: number) => overlays.filter((o) => !o.only || (o.only === 'phone') === isPhone(width));

// One test per screen and overlay, each on the page its block keeps signed in: a problem names its screen.
describe.each(WIDTHS)('at %i px', (width) => {
  describe('as a visitor', () => {
    const page = usePageAt(width, () => undefined);
    it.each(VISITOR_SCREENS)('%s fits, nothing broken, no serious axe violation', async (path) => {
      expect(await problemsOn(page(), [path], width)).toEqual([]);
    });
    it.each(overlaysAt(VISITOR_OVERLAYS, width).map((o) => [o.name, o] as const))('%s open', async (_name, overlay) => {
      expect(await overlayProblems(page(), [overlay], width)).toEqual([]);
    });
  });

  describe('as a gold member with full lists and long names', () => {
    const page = usePageAt(width, () => user);
    it.each(SIGNED_IN_SCREENS)('%s fits, nothing broken, no serious axe violation', async (path) => {
      expect(await problemsOn(page(), [path], width)).toEqual([]);
    });
    it.each(overlaysAt(SIGNED_IN_OVERLAYS, width).map((o) => [`${o.name} on ${o.path}`, o] as const))('%s', async (_name, overlay) => {
      expect(await overlayProblems(page(), [overlay], width)).toEqual([]);
    });
  });

  describe('with empty lists', () => {
    const page = usePageAt(width, () => emptyUser);
    it.each(EMPTY_LIST_SCREENS)('%s fits, nothing broken, no serious axe violation', async (path) => {
      expect(await problemsOn(page(), [path], width)).toEqual([]);
      if (!['/plan/list', '/plan/template', '/recharge/integral-details', '/recharge/record'].includes(path)) return;
      // no toolbar, no empty table, no pager: the empty state and its one action
      const empty = page().getByTestId('empty-state');
      await empty.waitFor();
      expect(await empty.locator('a, button').count()).toBe(1);
      expect(
        await page()
          .getByText(/第 1 \/ 1 页/)
          .count(),
      ).toBe(0);
    });
  });
});
