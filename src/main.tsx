/** Entry: i18n, global styles, the app, and (in production builds) the service worker. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/i18n';
import '@/styles.css';
import App from '@/app/App';
import { installPreloadErrorHandler } from '@/app/lazy';
import { installPendingLogoutSender } from '@/lib/pending-logout';

installPreloadErrorHandler();
installPendingLogoutSender();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
