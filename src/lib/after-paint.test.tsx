import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { frames, holdFrames, nextTask, paint } from '@/test/frames';
import { useAfterPaint, useNavigateAfterPaint } from './after-paint';

afterEach(() => {
  vi.restoreAllMocks();
  frames.clear();
});

describe('useAfterPaint', () => {
  it('keeps the value the page painted until the frame showing the change has painted', async () => {
    holdFrames();
    const { result, rerender } = renderHook(({ tab }) => useAfterPaint(tab), { initialProps: { tab: 'integral' } });
    expect(result.current).toBe('integral');
    rerender({ tab: 'member' });
    // Tasks run, React renders what it has to, but no frame was painted: the heavy part waits.
    await act(async () => {
      await nextTask();
      await nextTask();
    });
    expect(result.current).toBe('integral');
    await paint();
    await act(nextTask);
    expect(result.current).toBe('member');
  });

  it('answers the latest value when several changes come before a paint', async () => {
    holdFrames();
    const { result, rerender } = renderHook(({ tab }) => useAfterPaint(tab), { initialProps: { tab: 'tb' } });
    rerender({ tab: 'jd' });
    rerender({ tab: 'pdd' });
    await paint();
    await act(nextTask);
    expect(result.current).toBe('pdd');
  });

  it('does not wait for a frame in a hidden page (it paints none)', async () => {
    holdFrames();
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const { result, rerender } = renderHook(({ tab }) => useAfterPaint(tab), { initialProps: { tab: 'tb' } });
    rerender({ tab: 'jd' });
    await act(nextTask);
    expect(result.current).toBe('jd');
    expect(frames.size).toBe(0);
  });
});

describe('useNavigateAfterPaint', () => {
  function renderTabs() {
    const location = memoryLocation({ path: '/recharge/integral', record: true });
    const wrapper = ({ children }: { children: ReactNode }) => <Router hook={location.hook}>{children}</Router>;
    const hook = renderHook(() => useNavigateAfterPaint((tab: string) => `/recharge/${tab}`), { wrapper });
    return { ...hook, history: location.history };
  }

  it('marks the tapped value at once and changes the route once that has painted', async () => {
    holdFrames();
    const { result, history } = renderTabs();
    act(() => result.current[1]('member'));
    expect(result.current[0]).toBe('member');
    await act(nextTask);
    expect(history).toEqual(['/recharge/integral']);
    await paint();
    await act(nextTask);
    expect(history).toEqual(['/recharge/integral', '/recharge/member']);
    expect(result.current[0]).toBeNull();
  });

  it('goes only to the last of several taps before a paint', async () => {
    holdFrames();
    const { result, history } = renderTabs();
    act(() => result.current[1]('member'));
    act(() => result.current[1]('record'));
    expect(result.current[0]).toBe('record');
    await paint();
    await act(nextTask);
    expect(history).toEqual(['/recharge/integral', '/recharge/record']);
  });

  it('does not change the route once the page that was tapped has gone', async () => {
    holdFrames();
    const { result, history, unmount } = renderTabs();
    act(() => result.current[1]('member'));
    unmount();
    await paint();
    await act(nextTask);
    expect(history).toEqual(['/recharge/integral']);
  });
});
