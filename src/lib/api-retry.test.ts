import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { stubFetch } from '@/test/fetch';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

import * as toast from '@/lib/toast';
import { apiAction, apiGet, apiPost, ApiError, RETRY_DELAY_MS } from './api';
import { useSingleFlight } from './single-flight';

/** Answers `first` to the first request and `then` to every later one. */
function firstThen(first: { status: number; body?: unknown } | 'network', then: { status?: number; body: unknown }) {
  let n = 0;
  return stubFetch(() => {
    n += 1;
    if (n > 1) return then;
    if (first === 'network') throw new TypeError('Failed to fetch');
    return first;
  });
}

describe('automatic retry and Idempotency-Key', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(toast.toastError).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it.each([502, 503, 504])('an action answered %i is sent again about a second later with the same key', async (status) => {
    const { requests } = firstThen(
      { status, body: { success: false, message: '服务暂时不可用' } },
      { body: { success: true, data: { id: 7 } } },
    );
    const result = apiAction('/api/plan/create', { title: 'x' });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ id: 7 });
    expect(requests).toHaveLength(2);
    const key = requests[0]!.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(requests[1]!.headers['idempotency-key']).toBe(key);
    expect(requests[1]!.body).toEqual({ title: 'x' });
    expect(toast.toastError).not.toHaveBeenCalled();
  });

  it('retries an action once after a network error, then shows the error', async () => {
    const { requests } = stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const result = apiAction('/api/order/create', { goodsId: 1, payType: 1 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    const error = (await result) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers['idempotency-key']).toBe(requests[0]!.headers['idempotency-key']);
    expect(toast.toastError).toHaveBeenCalledTimes(1);
  });

  it('gives every action its own key', async () => {
    const { requests } = stubFetch(() => ({ body: { success: true, data: null } }));
    await apiAction('/api/plan/create', {});
    await apiAction('/api/plan/create', {});
    expect(requests[0]!.headers['idempotency-key']).not.toBe(requests[1]!.headers['idempotency-key']);
  });

  it('does not retry a POST without a key (not safe to repeat), nor a 500 or a 4xx', async () => {
    const bad = firstThen({ status: 502, body: { success: false, message: '网关错误' } }, { body: { success: true, data: null } });
    await expect(apiPost('/api/plan/manage/stop', { ids: [1] })).rejects.toMatchObject({ status: 502 });
    expect(bad.requests).toHaveLength(1);
    expect(bad.requests[0]!.headers['idempotency-key']).toBeUndefined();
    for (const status of [500, 409]) {
      const once = firstThen({ status, body: { success: false, message: '失败' } }, { body: { success: true, data: null } });
      await expect(apiAction('/api/plan/create', {})).rejects.toMatchObject({ status });
      expect(once.requests).toHaveLength(1);
    }
  });

  it('retries a GET after a 503 (reads are safe to repeat)', async () => {
    const { requests } = firstThen(
      { status: 503, body: { success: false, message: '服务正在停止，请稍后再试' } },
      { body: { success: true, data: 1 } },
    );
    const result = apiGet('/api/user/user-data');
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await expect(result).resolves.toBe(1);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.headers['idempotency-key']).toBeUndefined();
  });
});

describe('useSingleFlight', () => {
  it('a second press while the first action runs is ignored; the next one after it runs', async () => {
    const { result } = renderHook(() => useSingleFlight());
    let finish!: () => void;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let first!: Promise<void>;
    act(() => {
      first = result.current[1](action);
      void result.current[1](action); // the double click
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current[0]).toBe(true);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current[0]).toBe(false);
    const next = vi.fn(async () => {});
    await act(() => result.current[1](next));
    expect(next).toHaveBeenCalledTimes(1);
  });
});
