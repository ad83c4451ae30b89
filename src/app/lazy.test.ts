import { createElement, Suspense } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_GRACE_MS } from '@/lib/lazy-part';
import { lazyPage, markChunksHealthy, reloadOnceForMissingChunk } from './lazy';

describe('missing lazy chunk after a deploy', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reloads the page once, never twice in a row, and again after a healthy load', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    expect(reloadOnceForMissingChunk()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // the reloaded page still misses the chunk: no loop
    expect(reloadOnceForMissingChunk()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // a successful chunk load re-arms it for the next deploy
    markChunksHealthy();
    expect(reloadOnceForMissingChunk()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('lazy part that fails while offline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('never reloads offline: it waits for the network and loads then', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const Part = () => createElement('p', null, 'loaded');
    const factory = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Part };
    });
    const Lazy = lazyPage(factory);
    render(createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(Lazy)));
    await screen.findByText('waiting');
    await waitFor(() => expect(factory).toHaveBeenCalledTimes(1));
    expect(reloadOnceForMissingChunk()).toBe(false);
    expect(reload).not.toHaveBeenCalled();

    online = true;
    window.dispatchEvent(new Event('online'));
    await screen.findByText('loaded');
    expect(factory).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a chunk asked for offline whose failure arrives just after the network is back: asks again, no reload', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    window.dispatchEvent(new Event('offline'));
    const Part = () => createElement('p', null, 'loaded again');
    let failFirst: (error: Error) => void = () => undefined;
    const factory = vi.fn(() =>
      factory.mock.calls.length === 1
        ? new Promise<{ default: typeof Part }>((_, reject) => (failFirst = reject))
        : Promise.resolve({ default: Part }),
    );
    const Lazy = lazyPage(factory);
    render(createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(Lazy)));
    await waitFor(() => expect(factory).toHaveBeenCalledTimes(1));

    online = true;
    window.dispatchEvent(new Event('online'));
    failFirst(new TypeError('Failed to fetch dynamically imported module'));
    await screen.findByText('loaded again');
    expect(factory).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('once the device has been back online a while, a missing chunk is a deploy again: one reload', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    window.dispatchEvent(new Event('online'));
    expect(reloadOnceForMissingChunk()).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + OFFLINE_GRACE_MS + 1 });
    try {
      expect(reloadOnceForMissingChunk()).toBe(true);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('lazyPage preload', () => {
  it('preload() asks for the code before the page renders; the render takes that load over instead of asking again', async () => {
    const Part = () => createElement('p', null, 'page');
    const factory = vi.fn(async () => ({ default: Part }));
    const Page = lazyPage(factory);
    Page.preload();
    Page.preload();
    expect(factory).toHaveBeenCalledTimes(1);
    render(createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(Page)));
    expect(await screen.findByText('page')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(1);
  });
});
