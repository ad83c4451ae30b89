/** Test fixture: a tb plan as the plan list answers it (24 a day, hourly, 2 days), the money left to each test. */
import type { PlanRow } from '@common/api-types';

export function planRowFixture(
  money: Pick<PlanRow, 'discount' | 'totalCount' | 'firstDayFromHour' | 'firstDayCount' | 'totalCost'>,
): PlanRow {
  return {
    id: 7,
    flowType: 'tb',
    itemUrl: 'https://item.taobao.com/item.htm?id=612345678901',
    itemId: '612345678901',
    title: '保温杯',
    image: null,
    shopName: null,
    keywords: ['保温杯'],
    configId: 1,
    configName: '搜索浏览',
    optionIds: [],
    options: [],
    dailyCount: 24,
    days: 2,
    startDate: '2026-03-10',
    distribution: Array<number>(24).fill(1),
    unitCost: 3,
    dispatched: 0,
    status: 'pending',
    statusText: '待开始',
    refunded: 0,
    createdAt: '2026-03-09T19:20:00Z',
    endAt: '2026-03-12T00:00:00+08:00',
    stoppedAt: null,
    ...money,
  };
}
