/** The bottom navigation answers a tap at once and changes the page once that answer has painted. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { loadNamespaces } from '@/lib/i18n';
import BottomNav from './BottomNav';

const frames = new Map<number, FrameRequestCallback>();
let lastFrame = 0;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(async () => {
  await loadNamespaces('layout');
});
afterEach(() => {
  vi.restoreAllMocks();
  frames.clear();
});

/** Frames are run by the test: the browser paints when `paint()` is called. */
function holdFrames() {
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.set(++lastFrame, callback);
    return lastFrame;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => frames.delete(id));
}
const paint = () =>
  act(async () => {
    const due = [...frames.values()];
    frames.clear();
    due.forEach((callback) => callback(performance.now()));
    await nextTask();
  });

describe('<BottomNav>', () => {
  it('marks the tapped item at once and goes there after that has painted', async () => {
    holdFrames();
    const { hook, history } = memoryLocation({ path: '/', record: true });
    render(
      <Router hook={hook}>
        <BottomNav />
      </Router>,
    );
    expect(screen.getByTestId('bottom-nav-home').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByTestId('bottom-nav-plans'));
    // the answer: 计划 marked, 首页 not, and the page not changed yet
    expect(screen.getByTestId('bottom-nav-plans').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('bottom-nav-home').getAttribute('aria-current')).toBeNull();
    expect(history).toEqual(['/']);
    await paint();
    expect(history).toEqual(['/', '/plan/list']);
    expect(screen.getByTestId('bottom-nav-plans').getAttribute('aria-current')).toBe('page');
  });

  it('leaves a click with a modifier key to the browser (a new tab), the page unchanged', () => {
    holdFrames();
    const { hook, history } = memoryLocation({ path: '/', record: true });
    render(
      <Router hook={hook}>
        <BottomNav />
      </Router>,
    );
    fireEvent.click(screen.getByTestId('bottom-nav-plans'), { ctrlKey: true });
    expect(frames.size).toBe(0);
    expect(history).toEqual(['/']);
    expect(screen.getByTestId('bottom-nav-home').getAttribute('aria-current')).toBe('page');
  });
});
