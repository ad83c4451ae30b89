/** The publish page with its data from a stubbed server: the live summary follows the choices. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { swrFetcher } from '@/lib/api';
import { loadNamespaces } from '@/lib/i18n';
import { stubFetch } from '@/test/fetch';
import { logIn } from '@/test/user';

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

function renderPage() {
  return render(
    <SWRConfig value={{ fetcher: swrFetcher, provider: () => new Map(), dedupingInterval: 0 }}>
      <PublishPage flowType="tb" />
    </SWRConfig>,
  );
}

describe('<PublishPage> summary', () => {
  it('prices the default choice with the member discount and follows the options', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('summary-unit').textContent).toBe('2 积分'));
    // 2 x 100 x 1 x 95% = 190
    expect(screen.getByTestId('summary-discount').textContent).toBe('9.5 折');
    expect(screen.getByTestId('summary-total').textContent).toBe('190 积分');
    expect(screen.getByTestId('summary-after').textContent).toBe('310 积分');

    fireEvent.click(screen.getByLabelText(/120 秒/));
    await waitFor(() => expect(screen.getByTestId('summary-unit').textContent).toBe('3 积分'));
    expect(screen.getByTestId('summary-total').textContent).toBe('285 积分');

    fireEvent.click(screen.getByText(/搜索加购/));
    // 4 x 100 x 95% = 380, still within the 500 balance
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('380 积分'));
    expect(screen.queryByTestId('short-note')).toBeNull();
  });

  it('says 积分不足 when the total passes the balance', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('summary-unit').textContent).toBe('2 积分'));
    const days = screen.getByTestId('days').querySelector('input')!;
    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.blur(days);
    // 2 x 100 x 3 x 95% = 570 > 500
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('570 积分'));
    expect(screen.getByTestId('summary-after').textContent).toContain('积分不足');
    expect(screen.getByTestId('short-note').textContent).toContain('积分不足');
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
    // 23 hours of that day (0:00 to 22:00) have begun in New York
    expect(screen.getByText('今天前 23 个时段已开始，不再分配任务')).toBeTruthy();
    vi.useRealTimers();
  });
});
