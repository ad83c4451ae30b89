import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import CostSummary from './CostSummary';
import { quotePlan } from './cost';

beforeAll(async () => {
  await loadNamespaces('flow');
});

const SH = 'Asia/Shanghai';
const at0320 = new Date('2026-03-10T03:20:00+08:00');
const even = (daily: number) => Array.from({ length: 24 }, (_, h) => Math.floor(daily / 24) + (h < daily % 24 ? 1 : 0));

function summary(unit: number, daily: number, days: number, discount: number, balance: number, startDate = '2026-03-11') {
  const quote = quotePlan({ unit, distribution: even(daily), dailyCount: daily, days, startDate, discount, timeZone: SH, now: at0320 });
  return render(<CostSummary unit={unit} dailyCount={daily} days={days} quote={quote} balance={balance} />);
}

describe('<CostSummary>', () => {
  it('shows 原价, 会员优惠 and 实付, the saving rounded in the seller’s favour', () => {
    // the example: 33 tasks x 3 points at 9.5 折 = 94.05 -> 94 (it showed 95)
    summary(3, 33, 1, 0.95, 10000);
    expect(screen.getByTestId('summary-unit').textContent).toBe('3 积分/单');
    expect(screen.getByTestId('summary-count').textContent).toBe('33 × 1 天 = 33');
    expect(screen.getByTestId('summary-original').textContent).toBe('99 积分');
    expect(screen.getByTestId('summary-saving').textContent).toBe('−5 积分');
    expect(screen.getByTestId('summary-total').textContent).toBe('94 积分');
    expect(screen.getByTestId('summary-after').textContent).toBe('9,906 积分');
    expect(screen.getByTestId('summary-rule').textContent).toContain('不足 1 积分的部分不收');
  });

  it('counts today after the first-day cut and every later day in full', () => {
    // published at 03:20 for today: 00-03 are cut from today only; 24 a day evenly for 3 days
    summary(4, 24, 3, 0.95, 1000, '2026-03-10');
    expect(screen.getByTestId('summary-count').textContent).toBe('今日 20 + 24 × 2 天 = 68');
    expect(screen.getByTestId('summary-original').textContent).toBe('272 积分');
    expect(screen.getByTestId('summary-saving').textContent).toBe('−14 积分');
    expect(screen.getByTestId('summary-total').textContent).toBe('258 积分');
  });

  it('says 积分不足 with the missing amount when the balance is short', () => {
    summary(3, 100, 7, 1, 2000);
    expect(screen.getByTestId('summary-saving').textContent).toBe('0 积分');
    expect(screen.getByTestId('summary-total').textContent).toBe('2,100 积分');
    expect(screen.getByTestId('summary-after').textContent).toContain('积分不足');
    expect(screen.getByTestId('summary-after').textContent).toContain('100');
  });
});
