/**
 * Entry: i18n, global styles, the app, and (in production builds) the service worker.
 * The public pages arrive as prerendered HTML (src/entry-prerender.tsx): the app hydrates it. A
 * signed-in visitor on one of them renders afresh instead, since the guard sends them elsewhere.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@/lib/i18n';
import '@/styles.css';
import App from '@/app/App';
import { installPreloadErrorHandler } from '@/app/lazy';
import { installPendingLogoutSender } from '@/lib/pending-logout';
import { getUserInfo } from '@/lib/session';

installPreloadErrorHandler();
installPendingLogoutSender();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (container.hasChildNodes() && !getUserInfo()) {
  // After the next paint: the page the HTML holds shows first, then hydration's long task runs
  // (React replays a click or key press made meanwhile).
  requestAnimationFrame(() => setTimeout(() => hydrateRoot(container, app), 0));
} else {
  createRoot(container).render(app);
}
