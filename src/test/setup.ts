/**
 * Vitest setup for component tests (happy-dom): i18n catalogue loaded, DOM and storage reset per test.
 * (It must not import app modules that tests mock, e.g. the API client: tests that keep a session
 * call `reloadSessionFromStorage()` themselves.)
 */
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '@/lib/i18n';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
