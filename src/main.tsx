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
// At once: from here React captures what the visitor does to the page and replays it once hydrated.
if (container.hasChildNodes() && !getUserInfo()) hydrateRoot(container, app);
else createRoot(container).render(app);
