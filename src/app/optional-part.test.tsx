import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { optionalPart } from './lazy';

const Bar = () => <nav data-testid="bar">bar</nav>;

describe('optionalPart', () => {
  it('shows nothing while its code is missing, keeps the page, and shows once a later navigation loads it', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const factory = vi
      .fn<() => Promise<{ default: typeof Bar }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Bar });
    const Part = optionalPart(factory);
    const { hook, navigate } = memoryLocation({ path: '/plan/list' });
    render(
      <Router hook={hook}>
        <main data-testid="page">page</main>
        <Part />
      </Router>,
    );
    await act(async () => {});
    expect(factory).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('page')).toBeTruthy();
    expect(screen.queryByTestId('bar')).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    await act(async () => navigate('/flow/tb'));
    expect(factory).toHaveBeenCalledTimes(2);
    expect(await screen.findByTestId('bar')).toBeTruthy();
    // loaded once: later navigations ask for nothing more
    await act(async () => navigate('/'));
    expect(factory).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('bar')).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
