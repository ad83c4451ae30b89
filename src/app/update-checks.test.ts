import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_CHECK_INTERVAL_MS, PERIODIC_CHECK_MS, scheduleUpdateChecks } from './update-checks';

describe('update checks of an open app', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks on focus or becoming visible at most once a minute, and every hour', () => {
    const update = vi.fn(async () => {});
    const stop = scheduleUpdateChecks({ update });
    window.dispatchEvent(new Event('focus'));
    expect(update).not.toHaveBeenCalled(); // just registered: the browser checked already

    vi.advanceTimersByTime(MIN_CHECK_INTERVAL_MS);
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(MIN_CHECK_INTERVAL_MS);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(update).toHaveBeenCalledTimes(2);

    vi.advanceTimersByTime(PERIODIC_CHECK_MS);
    expect(update).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(PERIODIC_CHECK_MS);
    expect(update).toHaveBeenCalledTimes(4);

    stop();
    vi.advanceTimersByTime(PERIODIC_CHECK_MS);
    window.dispatchEvent(new Event('focus'));
    expect(update).toHaveBeenCalledTimes(4);
  });
});
