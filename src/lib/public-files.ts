/**
 * Files of `public/` (favicon, avatars, operator images) are served by the app's own origin, never
 * through ASSET_BASE_URL: a CDN build uploads only `dist/assets/` (content-hashed), so a public file
 * asked for on the CDN would be missing. One rule: hashed files go through Vite (`import x from
 * './x.svg'`), `public/` files through this function.
 */
export function publicFileUrl(path: string): string {
  return `/${path.replace(/^\/+/, '')}`;
}
