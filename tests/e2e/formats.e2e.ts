/**
 * Numbers and times as the app shows them, with the browser in another time zone (Los Angeles):
 * every time is the business time zone's (Asia/Shanghai, the server's TZ_BUSINESS), the plan dates
 * are the business days, and points read "1,000 积分" wherever they appear with their unit.
 */
import type { LedgerRow, OrderRow, Page, PlanRow } from '../../common/api-types';
import { formatLocalDateTime } from '../../common/zoned-time';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createPlanViaApi,
  login,
  openPage,
  registerUserViaApi,
  tomorrowInShanghai,
  topUp,
  useBrowser,
  type TestUser,
} from './harness';

const browser = useBrowser();
const BUSINESS_ZONE = 'Asia/Shanghai';
let user: Required<TestUser>;

beforeAll(async () => {
  user = await registerUserViaApi();
  await topUp(user.token);
  await createPlanViaApi(user.token, '9', '时区检查用的保温杯');
});

describe('formats with the browser in America/Los_Angeles', () => {
  it('shows ledger and order times and plan dates in the business time zone, points as "1,000 积分"', async () => {
    const { context, page, errors } = await openPage(browser(), '/login', { timezoneId: 'America/Los_Angeles' });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
    await login(page, user.phone, user.password);

    const ledger = (await api<Page<LedgerRow>>('/api/order/list?type=integral-details&page=1&pageSize=10', { token: user.token })).body!
      .data!.list;
    const recharge = ledger.find((row) => row.kind === 'recharge')!;
    await page.goto('/recharge/integral-details');
    const ledgerView = page.getByTestId('recharge-ledger');
    await ledgerView.getByText(recharge.remark).waitFor();
    expect(recharge.remark).toContain('购买1,000 积分');
    const ledgerText = await ledgerView.innerText();
    expect(ledgerText).toContain(formatLocalDateTime(new Date(recharge.createdAt), BUSINESS_ZONE));
    expect(ledgerText).not.toContain(formatLocalDateTime(new Date(recharge.createdAt), 'America/Los_Angeles'));

    const orders = (await api<Page<OrderRow>>('/api/order/list?type=record&page=1&pageSize=10', { token: user.token })).body!.data!.list;
    await page.goto('/recharge/record');
    const paid = orders.find((o) => o.status === 'paid')!;
    await page.getByText(paid.orderNo).waitFor();
    const recordText = await page.locator('main').innerText();
    expect(recordText).toContain(formatLocalDateTime(new Date(paid.createdAt), BUSINESS_ZONE));
    expect(recordText).toContain('1,000 积分');
    expect(recordText).not.toMatch(/\b1000 积分/);

    const plans = (await api<Page<PlanRow>>('/api/plan/manage/list?page=1&pageSize=10', { token: user.token })).body!.data!.list;
    await page.goto('/plan/list');
    const list = page.getByTestId('plan-list');
    await list.getByText('时区检查用的保温杯').waitFor();
    expect(await list.innerText()).toContain(tomorrowInShanghai());
    // the home page's latest plans carry their creation time
    await page.goto('/');
    await expect.poll(() => page.locator('main').innerText()).toContain(formatLocalDateTime(new Date(plans[0]!.createdAt), BUSINESS_ZONE));
    expect(errors).toEqual([]);
    await context.close();
  });
});
