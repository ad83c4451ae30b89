/** The plan list with a keyword found in more plans than the server counts: the pager says so. */
import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page, PlanRow } from '@common/api-types';
import { swrFetcher } from '@/lib/api';
import { loadNamespaces } from '@/lib/i18n';
import { stubFetch } from '@/test/fetch';
import PlanListTab from './PlanListTab';
import { planRowFixture } from './plan-row.fixture';
import { viewportIsPhone } from '@/test/viewport';

beforeAll(async () => {
  await loadNamespaces('plan', 'common');
});
afterEach(() => vi.unstubAllGlobals());

const row = planRowFixture({ discount: 1, totalCount: 48, firstDayFromHour: 0, firstDayCount: 24, totalCost: 96 });
const rows = Array.from({ length: 10 }, (_, n) => ({ ...row, id: 100 - n }));

function answerList(page: Page<PlanRow>) {
  stubFetch((request) => {
    if (request.url.startsWith('/api/plan/manage/list')) return { body: { success: true, data: page } };
    if (request.url.startsWith('/api/plan/count-data'))
      return {
        body: { success: true, data: { total: 900, pending: 0, running: 0, completed: 900, stopped: 0, todayDispatched: 0, integral: 0 } },
      };
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}

const renderList = () =>
  render(
    <SWRConfig value={{ fetcher: swrFetcher, provider: () => new Map(), dedupingInterval: 0 }}>
      <PlanListTab />
    </SWRConfig>,
  );

describe('<PlanListTab> pager total', () => {
  for (const phone of [false, true]) {
    it(`${phone ? 'on a phone' : 'on a wide screen'}: a capped total says only the newest are listed`, async () => {
      viewportIsPhone(phone);
      answerList({ list: rows, total: 500, totalCapped: true, page: 1, pageSize: 10 });
      renderList();
      expect(await screen.findByText('找到超过 500 条，仅列出最近 500 条，请输入更完整的关键词或加上筛选条件')).toBeTruthy();
    });
  }

  it('an exact total is 共 N 条, with no note', async () => {
    viewportIsPhone(false);
    answerList({ list: rows, total: 37, page: 1, pageSize: 10 });
    renderList();
    expect(await screen.findByText('共 37 条')).toBeTruthy();
    expect(screen.queryByTestId('plan-list-capped')).toBeNull();
    expect(screen.queryByText(/仅列出最近/)).toBeNull();
  });
});
