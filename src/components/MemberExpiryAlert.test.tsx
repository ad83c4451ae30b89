import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import MemberExpiryAlert from './MemberExpiryAlert';

const now = new Date('2026-11-22T10:00:00+08:00');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

function renderAlert(memberLevel: number, memberDeadline: string | null) {
  return render(
    <Router>
      <MemberExpiryAlert user={{ memberLevel, memberDeadline }} now={now} />
    </Router>,
  );
}

describe('MemberExpiryAlert', () => {
  it('warns a paid member with the days left and a renew link to /recharge/member', () => {
    renderAlert(5, inDays(2.5));
    const alert = screen.getByRole('alert');
    expect(alert.dataset.testid).toBe('member-expiry-alert');
    expect(alert.textContent).toContain('您的会员还有 3 天到期');
    expect(screen.getByText('立即续费').closest('a')?.getAttribute('href')).toBe('/recharge/member');
  });

  it('stays silent outside the 1 to 7 day window or for level 1', () => {
    renderAlert(5, inDays(10));
    renderAlert(1, inDays(2));
    renderAlert(3, inDays(-1));
    expect(screen.queryByTestId('member-expiry-alert')).toBeNull();
  });
});
