/**
 * The browser floor in real old engines (`npm run test:old-browsers`): the build's syntax level, and
 * Chromium 72, 80 and 88 (tests/old-browsers/engines.ts) against `npm start`'s server, started as
 * the e2e suite starts it (tests/e2e/global-setup.ts: builds dist/ when missing).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    maxWorkers: 1,
    reporters: ['default'],
  },
});
