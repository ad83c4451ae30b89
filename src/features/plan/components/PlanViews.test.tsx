/** On a phone the details' foot brings the details' own 时间分布 into view: no dialog over the drawer. */
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlanDetail } from '@common/api-types';
import { swrFetcher } from '@/lib/api';
import { loadNamespaces } from '@/lib/i18n';
import { stubFetch } from '@/test/fetch';
import PlanViews from './PlanViews';
import { planRowFixture } from './plan-row.fixture';

beforeAll(async () => {
  await loadNamespaces('plan', 'common');
});
afterEach(() => vi.unstubAllGlobals());

const plan = planRowFixture({ discount: 1, totalCount: 48, firstDayFromHour: 0, firstDayCount: 24, totalCost: 144 });

const detail: PlanDetail = {
  plan,
  schedule: {
    timeZone: 'Asia/Shanghai',
    today: '2026-03-09',
    currentHour: 20,
    currentDay: null,
    distribution: plan.distribution,
    firstDayFromHour: 0,
    dispatchedTodayByHour: Array<number>(24).fill(0),
    days: [],
  },
  ledger: [],
};

const actions = { details: vi.fn(), time: vi.fn(), stop: vi.fn(), remove: vi.fn(), toTemplate: vi.fn() };

describe('<PlanViews> on a phone', () => {
  it('时间分布 scrolls the details to their time distribution and focuses its heading, opening nothing', async () => {
    stubFetch(() => ({ body: { success: true, data: detail } }));
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const onClose = vi.fn();
    render(
      // no motion: a layer opens and closes at once (happy-dom runs no CSS animation)
      <ConfigProvider theme={{ token: { motion: false } }}>
        <SWRConfig value={{ fetcher: swrFetcher, provider: () => new Map(), dedupingInterval: 0 }}>
          <PlanViews view={{ kind: 'details', id: plan.id }} onClose={onClose} actions={actions} />
        </SWRConfig>
      </ConfigProvider>,
    );
    const foot = await screen.findByTestId('plan-details-actions', {}, { timeout: 10_000 });
    await screen.findByTestId('plan-details', {}, { timeout: 10_000 });
    fireEvent.click(Array.from(foot.querySelectorAll('button')).find((button) => button.textContent === '时间分布')!);
    const heading = scrolled[0]!;
    expect(scrolled).toHaveLength(1);
    expect(heading.textContent).toBe('时间分布');
    expect(heading.nextElementSibling?.getAttribute('data-testid')).toBe('time-distribution');
    expect(document.activeElement).toBe(heading);
    // the details stay, no dialog opens, the list's own 时间分布 action is not what ran
    expect(document.querySelector('.ant-drawer-open [data-testid="plan-details"]')).not.toBeNull();
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(actions.time).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
