/** Vitest setup for component tests (happy-dom): i18n catalogue loaded, DOM and storage reset per test. */
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '@/lib/i18n';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
