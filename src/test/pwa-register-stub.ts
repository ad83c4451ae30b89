/** Stand-in for vite-plugin-pwa's virtual module in unit tests (no service worker in happy-dom). */
export function registerSW() {
  return async () => {};
}
