/** Test helper: the viewport's phone media query answers `phone` (useIsPhone, ResponsiveTable). */
import { vi } from 'vitest';

export function viewportIsPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
