/**
 * Service worker registration and the update prompt: registerType 'prompt' through
 * vite-plugin-pwa's workbox-window based register. Loaded after the page, only in production builds.
 */
import { useEffect, useState } from 'react';
import PlainButton from '@/components/PlainButton';
import { useTranslation } from 'react-i18next';

export default function UpdatePrompt({ enabled = import.meta.env.PROD }: { enabled?: boolean }) {
  const { t } = useTranslation('layout');
  const [update, setUpdate] = useState<((reload?: boolean) => Promise<void>) | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const start = () => {
      void import('virtual:pwa-register').then(({ registerSW }) => {
        if (cancelled) return;
        const updateSW = registerSW({
          immediate: true,
          onNeedRefresh: () => setUpdate(() => updateSW),
          onRegisterError: (error: unknown) => console.warn('service worker registration failed', error),
        });
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
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
