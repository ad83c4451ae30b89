/**
 * The nginx edge tests: the project's nginx template, rendered with envsubst and run in Debian's
 * nginx, in front of the real API server (`npm start -w server`, fresh temporary database),
 * serving the real build (dist/, built first when missing). Run with `npm run test:nginx`.
 * Needs the Debian packages nginx-light, gettext-base, chromium and postgresql (the replicas test).
 */
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/nginx/**/*.test.ts'],
    globalSetup: ['tests/nginx/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
