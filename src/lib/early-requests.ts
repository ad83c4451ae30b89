/**
 * Requests the page's inline start script (src/app-start.js) sent before any of the app's code had
 * arrived: a signed-in page's first API calls and catalogue files, kept in `window.__appEarly` by
 * URL. The API client (./api.ts) and the catalogue loader (./i18n.ts) take one over instead of
 * sending it again, once: the page's data never waits for its code.
 */
type EarlyRequests = Record<string, Promise<Response> | undefined>;

/** The early request for `url` (then forgotten: a later call asks afresh), if the start script sent one. */
export function takeEarlyRequest(url: string): Promise<Response> | undefined {
  const early = (globalThis as { __appEarly?: EarlyRequests }).__appEarly;
  const request = early?.[url];
  if (request) delete early[url];
  return request;
}
