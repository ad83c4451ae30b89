/** The details drawer shows a plan's money as a seller checks it, by the one rounding rule. */
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import PlanDetails from './PlanDetails';
import { planRowFixture } from './plan-row.fixture';

beforeAll(async () => {
  await loadNamespaces('plan', 'common');
});

// published at 14:xx for today: 9 tasks today (15:00-23:00), 24 tomorrow; 33 tasks, the example
const plan = planRowFixture({ discount: 0.95, totalCount: 33, firstDayFromHour: 15, firstDayCount: 9, totalCost: 94 });

describe('<PlanDetails> money', () => {
  it('shows 原价, 会员优惠 and 实付 (33 x 3 at 9.5 折 = 94.05: 94, the fraction not charged) and the first-day cut', () => {
    render(<PlanDetails form={plan} serviceName={plan.configName} options={[]} plan={plan} />);
    const text = screen.getByTestId('plan-details').textContent!;
    expect(text).toContain('原价99 积分');
    expect(text).toContain('会员优惠5 积分');
    expect(screen.getByTestId('details-paid').textContent).toBe('94 积分');
    expect(text).toContain('今日 15 点前的时段发布时已开始，首日 9 个，次日起每日 24 个');
  });
});
