import { afterEach, describe, expect, it, vi } from 'vitest';
import { markChunksHealthy, reloadOnceForMissingChunk } from './lazy';

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
