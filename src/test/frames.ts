/**
 * Test helper: frames run by the test. `holdFrames()` keeps every requestAnimationFrame callback in
 * `frames` until `paint()` runs them (the browser painting a frame); `nextTask()` waits one task.
 * The caller's afterEach restores the mocks (vi.restoreAllMocks) and clears `frames`.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export const frames = new Map<number, FrameRequestCallback>();
let lastFrame = 0;

export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

export function holdFrames() {
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.set(++lastFrame, callback);
    return lastFrame;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => frames.delete(id));
}

export const paint = () =>
  act(async () => {
    const due = [...frames.values()];
    frames.clear();
    due.forEach((callback) => callback(performance.now()));
  });
