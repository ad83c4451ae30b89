/**
 * Browser end-to-end tests: Debian's Chromium (playwright-core) against `npm start`'s server
 * (started once by global-setup.ts on a random free port with a fresh temporary DATA_DIR).
 * Run with `npm run test:e2e` (builds dist/ first when it is missing).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // The page answers within a second on an idle machine; a busy CI machine needs longer before a poll gives up.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    maxWorkers: 1,
    reporters: ['default'],
  },
});
