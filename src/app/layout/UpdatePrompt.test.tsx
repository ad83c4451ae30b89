import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const updateSW = vi.fn(async () => {});
let onNeedRefresh: (() => void) | undefined;
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: { onNeedRefresh?: () => void }) => {
    onNeedRefresh = options.onNeedRefresh;
    return updateSW;
  },
}));

import UpdatePrompt, { REGISTER_DELAY_MS } from './UpdatePrompt';

describe('UpdatePrompt', () => {
  it('registers the service worker a few seconds after load and offers a refresh when a new version waits', async () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    render(<UpdatePrompt enabled />);
    const settle = () =>
      act(async () => {
        for (let i = 0; i < 10; i++) await Promise.resolve();
      });
    // Not while the first screen's requests are under way.
    await act(async () => vi.advanceTimersByTime(REGISTER_DELAY_MS - 1));
    await settle();
    expect(onNeedRefresh).toBeUndefined();
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await settle();
    expect(onNeedRefresh).toBeTypeOf('function');
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    act(() => onNeedRefresh!());
    expect(screen.getByTestId('update-prompt').textContent).toContain('发现新版本');
    fireEvent.click(screen.getByTestId('update-reload'));
    expect(updateSW).toHaveBeenCalledWith(true);
  });
});
