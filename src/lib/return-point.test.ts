import { afterEach, describe, expect, it, vi } from 'vitest';
import { readReturnPoint, setReturnPoint } from './return-point';

describe('return point', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('keeps a path of this app and refuses another origin', () => {
    setReturnPoint({ path: '//evil.example/x', kind: 'publish' });
    expect(readReturnPoint()).toBeNull();
    setReturnPoint({ path: '/flow/jd', kind: 'publish' });
    expect(readReturnPoint()).toEqual({ path: '/flow/jd', kind: 'publish' });
  });

  it('does not stop 去充值 when the storage is full or refused', () => {
    const full = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      length: 0,
      key: () => null,
      getItem: (key: string) => full.get(key) ?? null,
      removeItem: (key: string) => full.delete(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    expect(() => setReturnPoint({ path: '/flow/tb', kind: 'publish' })).not.toThrow();
    expect(readReturnPoint()).toBeNull();
  });
});
