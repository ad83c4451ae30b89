/**
 * Plans (our issue #4), in Chromium against the real server: publish a plan on /flow/tb, find it on
 * /plan/list, open its time distribution, stop it and see the refund reach the top-bar balance, save
 * the form as a template and publish it from /plan/template, export the list as .xlsx.
 * The user's points come through the real order flow (sandbox payment).
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, openSignedInPage, registerUserViaApi, tomorrowInShanghai, topUp, useBrowser } from './harness';

const browser = useBrowser();

function currentShanghaiHour(): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(new Date())) % 24;
}

/** The floating service panel, where it opens by default, may cover the right edge of the page. */
async function collapseServicePanel(page: Page) {
  const collapse = page.getByTestId('float-collapse');
  if (await collapse.isVisible()) await collapse.click();
}

/** Waits for a toast with this text (an earlier toast may still be showing). */
async function seeToast(page: Page, text: string) {
  try {
    await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
  } catch (error) {
    // say what the page showed instead, so a miss in a long run can be understood from its log
    const shown = await page.evaluate(() => ({
      toasts: [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent),
      dialogs: [...document.querySelectorAll('[role="dialog"]')].map((d) => d.textContent?.slice(0, 120)),
      path: location.pathname,
    }));
    throw new Error(`no toast "${text}"; the page showed ${JSON.stringify(shown)}`, { cause: error });
  }
}

async function balance(page: Page): Promise<number> {
  const text = await page.getByTestId('balance').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** Fills /flow/tb: item lookup, title, one keyword, 2 days of 100 (the default spread), starting tomorrow; answers the start date. */
async function fillPlanForm(page: Page, title: string): Promise<string> {
  await page.getByTestId('item-url').fill('https://item.taobao.com/item.htm?id=7012345678');
  await page.getByTestId('item-lookup').click();
  await page.getByTestId('item-card').waitFor();
  await page.getByTestId('item-title').fill(title);
  await page.getByPlaceholder('关键词 1').fill('连衣裙');
  await page.getByTestId('days').locator('input').fill('2');
  const startDate = tomorrowInShanghai();
  await page.getByTestId('start-date').locator('input').click();
  await page.getByTestId('start-date').locator('input').fill(startDate);
  await page.getByTestId('start-date').locator('input').press('Enter');
  return startDate;
}

describe('plans', () => {
  it('publishes, lists, shows the time distribution, stops with a refund, saves and publishes a template, exports', async () => {
    const user = await registerUserViaApi();
    const start = await topUp(user.token);
    expect(start).toBeGreaterThanOrEqual(1000);

    const { page, context, errors } = await openSignedInPage(browser(), user, { acceptDownloads: true });
    await page.goto('/flow/tb');
    await collapseServicePanel(page);

    // --- the form: item lookup, title (no provider here), keyword, 2 days, start tomorrow
    const title = `E2E 商品 ${user.phone.slice(-4)}`;
    const startDate = await fillPlanForm(page, title);
    expect(await page.getByTestId('distribution-sum').innerText()).toBe('合计 100 / 每日 100');
    // 搜索浏览 2 points x 100 a day x 2 days, no member discount
    await expect.poll(() => page.getByTestId('summary-total').innerText()).toBe('400 积分');
    expect(await page.getByTestId('summary-after').innerText()).toBe(`${(start - 400).toLocaleString('en-US')} 积分`);

    // --- save the form as a template
    await page.getByTestId('save-template').click();
    await page.getByTestId('template-name').fill('E2E 模板');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await seeToast(page, '模板已保存');

    // --- publish with the confirmation
    await page.getByTestId('publish').click();
    expect(await page.getByTestId('publish-confirm-text').innerText()).toContain('400');
    await page.getByRole('button', { name: '确认发布' }).click();
    await page.waitForURL('**/plan/list');
    await expect.poll(() => balance(page)).toBe(start - 400);
    const row = page.locator('.ant-table-row', { hasText: title });
    await row.waitFor();
    expect(await row.innerText()).toContain('待开始');
    expect(await row.innerText()).toContain(`${startDate}`);
    expect(await row.getByTestId('plan-progress').innerText()).toContain('0 / 200');

    // --- time distribution: 24 bars, the current hour marked
    await row.getByRole('button', { name: '时间分布' }).click();
    const chart = page.getByRole('dialog').getByTestId('time-distribution');
    await chart.waitFor();
    expect(await chart.locator('.time-dist-col').count()).toBe(24);
    const current = chart.locator('.time-dist-col.is-current');
    expect(await current.count()).toBe(1);
    expect(Number(await current.getAttribute('data-hour'))).toBe(currentShanghaiHour());
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /close|关闭/i })
      .click();

    // --- stop: the refund is shown first, then it reaches the top-bar balance
    await row.getByRole('button', { name: '停止' }).click();
    expect(await page.getByTestId('stop-refund').innerText()).toBe('400');
    await page.getByRole('button', { name: '确认停止' }).click();
    await seeToast(page, '退还 400 积分');
    await expect.poll(() => balance(page)).toBe(start);
    await expect.poll(() => row.innerText()).toContain('已停止');
    const ledger = await api<{ list: { kind: string; delta: number }[] }>('/api/order/list?type=integral-details&page=1', {
      token: user.token,
    });
    expect(ledger.body!.data!.list.filter((r) => r.kind === 'plan_refund').map((r) => r.delta)).toEqual([400]);

    // --- publish the template (start date picked in the dialog)
    await page.getByRole('tab', { name: '计划模板' }).click();
    await page.waitForURL('**/plan/template');
    const templateRow = page.locator('.ant-table-row', { hasText: 'E2E 模板' });
    await templateRow.waitFor();
    await templateRow.getByRole('button', { name: '发布' }).click();
    const publishDialog = page.getByTestId('template-publish');
    await publishDialog.waitFor();
    // The dialog starts today while tasks are left today (today's first hours cut): start tomorrow.
    const dialogDate = publishDialog.locator('.plan-publish-date input');
    await dialogDate.click();
    await dialogDate.fill(startDate);
    await dialogDate.press('Enter');
    await expect.poll(() => publishDialog.getByTestId('summary-total').innerText()).toBe('400 积分');
    await page.getByRole('button', { name: '确认发布' }).click();
    await page.waitForURL('**/plan/list');
    await expect.poll(() => balance(page)).toBe(start - 400);
    await expect.poll(() => page.locator('.ant-table-row', { hasText: title }).count()).toBe(2);

    // --- export: the download is an .xlsx workbook holding the plans
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('plan-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await download.path();
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const cells = workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().flat().map(String));
    expect(cells.filter((v) => v.includes(title)).length).toBe(2);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters, searches, stops and deletes in batch, and the home overview counts the plans', async () => {
    const user = await registerUserViaApi();
    const start = await topUp(user.token);
    const config = (
      await api<{ planConfigList: { id: number; conditionList: { optionList: { id: number }[] }[] }[] }>('/api/plan/config?flowType=jd', {
        token: user.token,
      })
    ).body!.data!;
    const base = config.planConfigList[0]!;
    const distribution = [...Array<number>(20).fill(0), 5, 5, 5, 5];
    const ids: number[] = [];
    for (const [n, keyword] of [
      [1, '耳机'],
      [2, '键盘'],
      [3, '耳机'],
    ] as const) {
      const created = await api<{ id: number }>('/api/plan/create', {
        token: user.token,
        body: {
          flowType: 'jd',
          itemUrl: `https://item.jd.com/10000000000${n}.html`,
          itemId: `10000000000${n}`,
          title: `批量商品 ${n}`,
          keywords: [keyword],
          configId: base.id,
          optionIds: base.conditionList.map((c) => c.optionList[0]!.id),
          dailyCount: 20,
          days: 1,
          startDate: tomorrowInShanghai(),
          distribution,
        },
      });
      expect(created.status).toBe(200);
      ids.push(created.body!.data!.id);
    }
    const charged = start - (await api<{ integral: number }>('/api/user/user-data', { token: user.token })).body!.data!.integral;

    const { page, context, errors } = await openSignedInPage(browser(), user);
    // home overview: three plans waiting to start
    await page.goto('/');
    await expect.poll(() => page.getByTestId('count-pending').innerText()).toContain('3');
    await expect.poll(() => page.getByTestId('plan-overview').innerText()).toContain('批量商品 3');

    await page.goto('/plan/list');
    await collapseServicePanel(page);
    const rows = page.locator('.ant-table-tbody .ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    expect(await page.getByRole('tab', { name: /待开始（3）/ }).count()).toBe(1);

    // keyword search finds the two 耳机 plans, the platform filter keeps them, tb has none
    await page.getByTestId('plan-search').locator('input').fill('耳机');
    await page.getByTestId('plan-search').locator('input').press('Enter');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('combobox', { name: '平台' }).click();
    await page.locator('.ant-select-item-option', { hasText: '淘宝/天猫' }).click();
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('没有符合条件的计划');
    await page.getByRole('combobox', { name: '平台' }).click();
    await page.locator('.ant-select-item-option', { hasText: '京东' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    // the date range picker, loaded on first use by a page that loads no antd up front, still comes in Chinese
    await page.getByLabel('开始日期范围').first().click();
    await expect.poll(() => page.locator('.ant-picker-dropdown .ant-picker-header-view').first().innerText()).toMatch(/^\d{4}年/);
    await page.keyboard.press('Escape');

    // batch stop: the preview adds up both refunds, the balance gets them back
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: '批量停止' }).click();
    const refundEach = 20 * (charged / 60); // whole plan refunded while pending (no discount)
    expect(await page.getByTestId('stop-refund').innerText()).toBe(String(2 * refundEach));
    await page.getByRole('button', { name: '确认停止' }).click();
    await seeToast(page, `已停止 2 个计划，退还 ${2 * refundEach} 积分`);
    await expect.poll(() => balance(page)).toBe(start - charged + 2 * refundEach);
    await expect.poll(() => page.getByRole('tab', { name: /已停止（2）/ }).count()).toBe(1);

    // batch delete: stopped plans go away, a pending one cannot be deleted
    await page.getByTestId('plan-search').locator('input').fill('');
    await page.getByTestId('plan-search').locator('input').press('Enter');
    await expect.poll(() => rows.count()).toBe(3);
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: '批量删除' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('确定删除 2 个计划');
    expect(await dialog.innerText()).toContain('另有 1 个未结束的计划不能删除');
    await dialog.getByRole('button', { name: '确认删除' }).click();
    await seeToast(page, '已删除 2 个计划');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('批量商品 2');
    const listed = await api<{ total: number }>('/api/plan/manage/list?page=1', { token: user.token });
    expect(listed.body!.data!.total).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });
  it('a publish whose first POST gets a 502 is sent again with the same Idempotency-Key and charged once', async () => {
    const user = await registerUserViaApi();
    const start = await topUp(user.token);
    const { page, context, errors } = await openSignedInPage(browser(), user);
    await page.goto('/flow/tb');
    await collapseServicePanel(page);
    await fillPlanForm(page, `重试商品 ${user.phone.slice(-4)}`);
    await expect.poll(() => page.getByTestId('summary-total').innerText()).toBe('400 积分');

    // The first POST reaches the server and creates the plan, but its answer is lost: the browser
    // gets a 502 (a restarting replica behind nginx). The app must repeat it, and the server replay.
    const sent: Array<{ key: string | undefined; at: number }> = [];
    let replayed: string | null = null;
    await page.route('**/api/plan/create', async (route) => {
      sent.push({ key: route.request().headers()['idempotency-key'], at: Date.now() });
      const answer = await route.fetch();
      if (sent.length === 1) return route.fulfill({ status: 502, contentType: 'text/html', body: '<html>502 Bad Gateway</html>' });
      replayed = answer.headers()['idempotent-replayed'] ?? null;
      return route.fulfill({ response: answer });
    });
    await page.getByTestId('publish').click();
    const confirm = page.getByRole('button', { name: '确认发布' });
    await confirm.dblclick(); // a double click still sends one publish
    await page.waitForURL('**/plan/list');

    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(900); // about a second later
    expect(replayed).toBe('true');
    const plans = await api<{ total: number }>('/api/plan/manage/list', { token: user.token });
    expect(plans.body!.data!.total).toBe(1);
    const me = await api<{ integral: number }>('/api/user/user-data', { token: user.token });
    expect(me.body!.data!.integral).toBe(start - 400);
    await expect.poll(() => balance(page)).toBe(start - 400);
    expect(errors).toEqual([]);
    await context.close();
  });
});
