/** The bottom navigation answers a tap at once and changes the page once that answer has painted. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { loadNamespaces } from '@/lib/i18n';
import { frames, holdFrames, nextTask, paint } from '@/test/frames';
import BottomNav from './BottomNav';

beforeAll(async () => {
  await loadNamespaces('layout');
});
afterEach(() => {
  vi.restoreAllMocks();
  frames.clear();
});

/** The bar on a memory location starting at `/`, recording every path it goes to. */
function renderNav() {
  holdFrames();
  const { hook, history } = memoryLocation({ path: '/', record: true });
  render(
    <Router hook={hook}>
      <BottomNav />
    </Router>,
  );
  return history;
}

describe('<BottomNav>', () => {
  it('marks the tapped item at once and goes there after that has painted', async () => {
    const history = renderNav();
    expect(screen.getByTestId('bottom-nav-home').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByTestId('bottom-nav-plans'));
    // the answer: 计划 marked, 首页 not, and the page not changed yet
    expect(screen.getByTestId('bottom-nav-plans').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('bottom-nav-home').getAttribute('aria-current')).toBeNull();
    expect(history).toEqual(['/']);
    await paint();
    await act(nextTask);
    expect(history).toEqual(['/', '/plan/list']);
    expect(screen.getByTestId('bottom-nav-plans').getAttribute('aria-current')).toBe('page');
  });

  it('leaves a click with a modifier key to the browser (a new tab), the page unchanged', () => {
    const history = renderNav();
    fireEvent.click(screen.getByTestId('bottom-nav-plans'), { ctrlKey: true });
    expect(frames.size).toBe(0);
    expect(history).toEqual(['/']);
    expect(screen.getByTestId('bottom-nav-home').getAttribute('aria-current')).toBe('page');
  });
});
