import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setServicePanelPinned, useServicePanelPinned } from './float-panel';

describe('service panel choice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a collapse or a reopen holds where storage refuses it (disabled or full), until the page reloads', () => {
    const refused = () => {
      throw new DOMException('storage disabled', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: refused, setItem: refused });
    const { result } = renderHook(() => useServicePanelPinned());
    act(() => setServicePanelPinned(false));
    expect(result.current).toBe(false);
    act(() => setServicePanelPinned(true));
    expect(result.current).toBe(true);
  });

  it('the choice is remembered in storage for the next page load', () => {
    const { result } = renderHook(() => useServicePanelPinned());
    act(() => setServicePanelPinned(false));
    expect(result.current).toBe(false);
    expect(localStorage.getItem('floatServicePanel')).toBe('collapsed');
    act(() => setServicePanelPinned(true));
    expect(result.current).toBe(true);
    expect(localStorage.getItem('floatServicePanel')).toBe('shown');
  });
});
