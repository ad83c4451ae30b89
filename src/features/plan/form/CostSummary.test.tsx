import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import CostSummary from './CostSummary';

beforeAll(async () => {
  await loadNamespaces('flow');
});

describe('<CostSummary>', () => {
  it('shows unit, discount, total and the balance after', () => {
    render(<CostSummary unit={3} dailyCount={100} days={7} discount={0.95} balance={10000} />);
    expect(screen.getByTestId('summary-unit').textContent).toBe('3 积分');
    expect(screen.getByTestId('summary-discount').textContent).toBe('9.5 折');
    expect(screen.getByTestId('summary-total').textContent).toBe('1,995 积分');
    expect(screen.getByTestId('summary-after').textContent).toBe('8,005 积分');
  });

  it('says 积分不足 with the missing amount when the balance is short', () => {
    render(<CostSummary unit={3} dailyCount={100} days={7} discount={1} balance={2000} />);
    expect(screen.getByTestId('summary-discount').textContent).toBe('无折扣');
    expect(screen.getByTestId('summary-total').textContent).toBe('2,100 积分');
    expect(screen.getByTestId('summary-after').textContent).toContain('积分不足');
    expect(screen.getByTestId('summary-after').textContent).toContain('100');
  });
});
