/**
 * The route contract against the real server: `npm run test:contract` (part of `npm test`). It builds
 * the API on embedded PGlite, so it runs under Node, apart from the app's happy-dom units.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    environment: 'node',
    // PGlite takes seconds to start on a busy 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
