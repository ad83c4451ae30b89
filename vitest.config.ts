/**
 * Root Vitest config: the web app's unit and component tests (happy-dom) and the shared rules in common/.
 * Server tests (server/**) and browser end-to-end tests (tests/**) have their own configs.
 */
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
      'virtual:pwa-register': fileURLToPath(new URL('./src/test/pwa-register-stub.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'common/**/*.test.ts'],
    exclude: ['server/**', 'tests/**', 'node_modules/**', 'dist/**'],
    setupFiles: ['./src/test/setup.ts'],
    // page tests render antd and lazy chunks: on a busy shared machine one takes several seconds
    testTimeout: 15_000,
    restoreMocks: true,
    clearMocks: true,
  },
});
