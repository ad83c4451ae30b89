/**
 * The public pages the build writes as real HTML (/privacy is open to signed-in users too) (build/vite-prerender-plugin.ts), and the file
 * each is written to. The API's web module, nginx (nginx/templates) and the service worker answer
 * a navigation to one of these paths with its own file; every other route gets the SPA shell.
 */
export const PRERENDERED_PAGES = {
  '/login': 'login.html',
  '/register': 'register.html',
  '/find-pwd': 'find-pwd.html',
  '/privacy': 'privacy.html',
} as const;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** The prerendered file of a pathname (exactly the page's path), or null. */
export function prerenderedFileOf(pathname: string): string | null {
  return Object.prototype.hasOwnProperty.call(PRERENDERED_PAGES, pathname) ? PRERENDERED_PAGES[pathname as PrerenderedPath] : null;
}

/**
 * The attribute of the SPA shell's placeholder layout (index.html: the banner's SSI include in the
 * layout's place, so the banner paints before any script runs). The app renders over it; it never
 * hydrates it, since it is not a page.
 */
export const APP_SHELL_ATTRIBUTE = 'data-app-shell';
