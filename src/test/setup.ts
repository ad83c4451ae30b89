/**
 * Vitest setup for component tests (happy-dom): i18n catalogue loaded, DOM and storage reset per test.
 * (It must not import app modules that tests mock, e.g. the API client: tests that keep a session
 * call `reloadSessionFromStorage()` themselves.)
 */
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import '@/lib/i18n';

// Lazy pages, antd chunks and catalogues load slower when the whole suite runs in parallel on a
// busy 2-core machine (a LazySelect wait once passed 5 s there); only a failing wait pays for this.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
