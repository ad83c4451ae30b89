import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiGet } from '@/lib/api';
import StagingBanner from './StagingBanner';

/** fetch answering every API call with this stage header (none: production). */
function serverSays(stage: string | null) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ success: true, data: { content: '' } }), {
        headers: { 'content-type': 'application/json', ...(stage ? { 'x-deployment-stage': stage } : {}) },
      }),
  );
}

describe('StagingBanner', () => {
  it('shows the catalogue text once an API answer says staging, and goes when an answer no longer does', async () => {
    render(<StagingBanner />);
    serverSays(null);
    await act(() => apiGet('/api/Announcement/get', { type: 'top' }));
    expect(screen.queryByTestId('staging-banner')).toBeNull();

    serverSays('staging');
    await act(() => apiGet('/api/Announcement/get', { type: 'top' }));
    expect(screen.getByTestId('staging-banner').textContent).toBe('预演环境：支付和短信由模拟服务代替，这里的订单与付款都不是真实的');
    expect(screen.getByRole('status')).toBe(screen.getByTestId('staging-banner'));
    // Kept for the tab: a reload shows it before the first answer.
    expect(sessionStorage.getItem('deploymentStage')).toBe('staging');

    serverSays(null);
    await act(() => apiGet('/api/Announcement/get', { type: 'top' }));
    expect(screen.queryByTestId('staging-banner')).toBeNull();
    expect(sessionStorage.getItem('deploymentStage')).toBeNull();
  });
});
