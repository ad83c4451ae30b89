/**
 * Service worker registration and the update prompt: registerType 'prompt' through vite-plugin-pwa's
 * workbox-window based register. Only in production builds, a few seconds after the page has loaded:
 * installing fills the worker's caches with the whole app, which on a phone would otherwise compete
 * with the requests of the first screen. The open app
 * checks for a new version itself (../update-checks.ts); a waiting version shows the prompt without
 * a reload. Accepting it lets the new worker take over, and every open tab reloads once when it does
 * (workbox-window's `controlling`); a tab on the old version keeps working until then.
 */
import { useEffect, useState } from 'react';
import PlainButton from '@/components/PlainButton';
import { useTranslation } from 'react-i18next';
import { scheduleUpdateChecks } from '../update-checks';

/** How long after the page's load event the service worker is registered. */
export const REGISTER_DELAY_MS = 3000;

export default function UpdatePrompt({ enabled = import.meta.env.PROD }: { enabled?: boolean }) {
  const { t } = useTranslation('layout');
  const [update, setUpdate] = useState<((reload?: boolean) => Promise<void>) | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    let stopChecks: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const register = () => {
      void import('virtual:pwa-register').then(({ registerSW }) => {
        if (cancelled) return;
        const updateSW = registerSW({
          immediate: true,
          onNeedRefresh: () => setUpdate(() => updateSW),
          onRegisteredSW: (_url: string, registration: ServiceWorkerRegistration | undefined) => {
            if (registration && !cancelled) stopChecks = scheduleUpdateChecks(registration);
          },
          onRegisterError: (error: unknown) => console.warn('service worker registration failed', error),
        });
      });
    };
    const start = () => {
      timer = setTimeout(register, REGISTER_DELAY_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stopChecks?.();
      window.removeEventListener('load', start);
    };
  }, [enabled]);

  if (!update || dismissed) return null;
  return (
    <div className="update-prompt" role="alertdialog" data-testid="update-prompt">
      <span>{t('update.text')}</span>
      <PlainButton size="small" variant="primary" onClick={() => void update(true)} data-testid="update-reload">
        {t('update.reload')}
      </PlainButton>
      <PlainButton size="small" variant="text" onClick={() => setDismissed(true)}>
        {t('update.later')}
      </PlainButton>
    </div>
  );
}
