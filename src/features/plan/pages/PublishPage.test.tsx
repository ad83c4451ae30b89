/** The publish page with its data from a stubbed server: the live summary follows the choices. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { swrFetcher } from '@/lib/api';
import { loadNamespaces } from '@/lib/i18n';
import { stubFetch } from '@/test/fetch';
import { logIn } from '@/test/user';
import { readReturnPoint } from '@/lib/return-point';
import { loadDraft } from '../draft';

import PublishPage from './PublishPage';

const config = {
  flowType: 'tb',
  generalType: '淘宝/天猫',
  timeZone: 'Asia/Shanghai',
  planConfigList: [
    {
      id: 1,
      name: '搜索浏览',
      integral: 2,
      conditionList: [
        {
          id: 10,
          label: '浏览时长',
          optionList: [
            { id: 100, label: '60 秒', integral: 0 },
            { id: 101, label: '120 秒', integral: 1 },
          ],
        },
      ],
    },
    { id: 2, name: '搜索加购', integral: 4, conditionList: [] },
  ],
};
const user = {
  phone: '13800138000',
  memberLevel: 3,
  memberLevelDesc: '黄金会员',
  integral: 500,
  memberDeadline: null,
  avatar: null,
  discount: 0.95,
};

beforeAll(async () => {
  await loadNamespaces('flow');
});

beforeEach(() => {
  logIn(user, 'test-token');
  stubFetch((request) => {
    if (request.url.startsWith('/api/plan/config')) return { body: { success: true, data: config } };
    if (request.url.startsWith('/api/user/user-data')) return { body: { success: true, data: user } };
    return { status: 404, body: { success: false, message: 'not found' } };
  });
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

/** 23:30 in Shanghai: the form starts tomorrow, so no hour of its first day is cut. */
const lateEvening = () => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T15:30:00Z') });

function renderPage() {
  return render(
    <SWRConfig value={{ fetcher: swrFetcher, provider: () => new Map(), dedupingInterval: 0 }}>
      <PublishPage flowType="tb" onSelect={() => {}} />
    </SWRConfig>,
  );
}

describe('<PublishPage> summary', () => {
  it('prices the default choice with the member discount and follows the options', async () => {
    lateEvening();
    renderPage();
    await waitFor(() => expect(screen.getByTestId('summary-unit').textContent).toBe('2 积分/单'));
    // 原价 2 x 100 = 200, 9.5 折: 实付 190
    expect(screen.getByTestId('summary-original').textContent).toBe('200 积分');
    expect(screen.getByTestId('summary-saving').textContent).toBe('−10 积分');
    expect(screen.getByTestId('summary-total').textContent).toBe('190 积分');
    expect(screen.getByTestId('summary-after').textContent).toBe('310 积分');
    expect(screen.getByTestId('publish-bar-total').textContent).toBe('190 积分');

    fireEvent.click(screen.getByLabelText(/120 秒/));
    await waitFor(() => expect(screen.getByTestId('summary-unit').textContent).toBe('3 积分/单'));
    expect(screen.getByTestId('summary-total').textContent).toBe('285 积分');

    fireEvent.click(screen.getByText(/搜索加购/));
    // 4 x 100 x 95% = 380, still within the 500 balance
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('380 积分'));
    expect(screen.queryByTestId('short-note')).toBeNull();
  });

  it('says 积分不足 when the total passes the balance', async () => {
    lateEvening();
    renderPage();
    await waitFor(() => expect(screen.getByTestId('summary-unit').textContent).toBe('2 积分/单'));
    const days = screen.getByTestId('days').querySelector('input')!;
    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.blur(days);
    // 2 x 100 x 3 x 95% = 570 > 500
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('570 积分'));
    expect(screen.getByTestId('summary-after').textContent).toContain('积分不足');
    expect(screen.getByTestId('short-note').textContent).toContain('积分不足');
  });

  it('starting today at 03:20 cuts 00:00-03:59 from today only, and says so', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T03:20:00+08:00') });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('start-date').querySelector('input')?.value).toBe('2026-03-10'));
    fireEvent.click(screen.getByText('平均分布'));
    const days = screen.getByTestId('days').querySelector('input')!;
    fireEvent.change(days, { target: { value: '2' } });
    fireEvent.blur(days);
    // 100 a day evenly: 5 in each of 00-03, 4 in the others; today keeps 04-23: 80, tomorrow all 100
    await waitFor(() => expect(screen.getByTestId('summary-count').textContent).toBe('今日 80 + 100 × 1 天 = 180'));
    // 原价 2 x 180 = 360; 9.5 折: 342
    expect(screen.getByTestId('summary-total').textContent).toBe('342 积分');
    expect(screen.getByTestId('distribution-cut-hint').textContent).toBe('今日 4 点前的时段已开始，今天不下发；次日起按此分布执行');
  });
});

describe('<PublishPage> nothing lost on the way to a top-up', () => {
  it('keeps the form as a draft for the tab and restores it, and 去充值 leaves the way back', async () => {
    lateEvening();
    const first = renderPage();
    await waitFor(() => expect(screen.getByTestId('summary-unit').textContent).toBe('2 积分/单'));
    const days = screen.getByTestId('days').querySelector('input')!;
    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.blur(days);
    fireEvent.click(screen.getByLabelText(/120 秒/));
    const keyword = screen.getByPlaceholderText('关键词 1');
    fireEvent.change(keyword, { target: { value: '保温杯' } });
    // 3 x 100 x 3 x 95% = 855 > 500: short, and 去充值 records where to come back to
    await waitFor(() => expect(screen.getByTestId('short-note')).toBeTruthy());
    fireEvent.click(screen.getAllByTestId('go-top-up')[0]!);
    expect(readReturnPoint()).toEqual({ path: '/flow/tb', kind: 'publish' });
    first.unmount();

    renderPage();
    await waitFor(() => expect(screen.getByTestId('draft-restored')).toBeTruthy());
    expect(screen.getByTestId('days').querySelector('input')!.value).toBe('3');
    expect((screen.getByPlaceholderText('关键词 1') as HTMLInputElement).value).toBe('保温杯');
    expect(screen.getByTestId('summary-unit').textContent).toBe('3 积分/单');
    // 清空重填 starts afresh
    fireEvent.click(screen.getByText('清空重填'));
    expect(screen.getByTestId('days').querySelector('input')!.value).toBe('1');
    expect(loadDraft('tb')).toBeNull();
  });
});

describe('<PublishPage> business time zone', () => {
  it('counts plan days in the zone the platform config carries', async () => {
    // 2026-03-10 02:30 UTC: 10:30 in Shanghai, 22:30 of 03-09 in New York (an hour still ahead there)
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T02:30:00Z') });
    stubFetch((request) => {
      if (request.url.startsWith('/api/plan/config')) return { body: { success: true, data: { ...config, timeZone: 'America/New_York' } } };
      if (request.url.startsWith('/api/user/user-data')) return { body: { success: true, data: user } };
      return { status: 404, body: { success: false, message: 'not found' } };
    });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('start-date').querySelector('input')?.value).toBe('2026-03-09'));
    // 23 hours of that day (0:00 to 22:00) have begun in New York: cut from today only
    expect(screen.getByTestId('distribution-cut-hint').textContent).toBe('今日 23 点前的时段已开始，今天不下发；次日起按此分布执行');
  });
});
