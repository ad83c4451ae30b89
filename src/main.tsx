/**
 * Entry: i18n, global styles, the app, and (in production builds) the service worker.
 * The public pages arrive as prerendered HTML (src/entry-prerender.tsx): the app hydrates it. A
 * signed-in visitor on one of them renders afresh instead, since the guard sends them elsewhere. Every
 * other route's HTML holds only a placeholder layout with the banner (the shell): rendered over, too.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@/lib/i18n';
import '@/styles.css';
import App from '@/app/App';
import { startRoute } from '@/app/routes';
import { installPreloadErrorHandler } from '@/app/lazy';
import { installPendingLogoutSender } from '@/lib/pending-logout';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { getUserInfo, userAvatarSrc } from '@/lib/session';
import { APP_SHELL_ATTRIBUTE } from '@common/prerendered-pages';

installPreloadErrorHandler();
// before the first render: the browser may offer installing at any time from the page's load
captureInstallPrompt();
installPendingLogoutSender();
if (getUserInfo()) {
  // A signed-in visit asks for its page's code, catalogue and data first, ahead of the layout's own
  // parts that the first render asks for: on a phone's few connections the page is what shows.
  startRoute(window.location.pathname, { code: true });
  // The signed-in user's avatar is the largest image of some pages (/user/center): ask for it now,
  // not once the page's code has arrived and rendered it.
  new Image().src = userAvatarSrc();
}

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// At once: from here React captures what the visitor does to the page and replays it once hydrated.
const prerenderedPage = container.hasChildNodes() && !container.querySelector(`[${APP_SHELL_ATTRIBUTE}]`);
if (prerenderedPage && !getUserInfo()) hydrateRoot(container, app);
else {
  // In a transition, React renders the first tree in small slices instead of one long task that
  // would block input while the page's scripts are still arriving.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
// The app's scripts parsed and run: the below-the-floor check inlined in the page (src/floor-check.js) stands down.
window.dispatchEvent(new Event('app-started'));
