import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Cross-cutting suites in test/, each module's own beside it (src/modules/<m>/*.test.ts).
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // PGlite takes seconds to start on a busy 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own database; two at a time keeps the 2-core machine responsive.
    maxWorkers: 2,
  },
});
