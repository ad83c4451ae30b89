/**
 * In WeChat's and QQ's built-in browsers (src/lib/browser-class.ts): a banner at the top of every
 * page, /login included, saying to open the page in the browser (tap ··· at the top right, then
 * 在浏览器打开, on iOS 在 Safari 中打开), with 复制链接. The app cannot be installed there; everything
 * else works without a service worker. Rendered once the app runs (the prerendered HTML is the same
 * for every browser).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import PlainButton from '@/components/PlainButton';
import { copyText } from '@/lib/clipboard';
import { useInstallOffer } from '@/lib/install-offer';

export default function InAppBanner() {
  const { t } = useTranslation('layout');
  const { path, inApp, ios } = useInstallOffer();
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  if (path !== 'in-app' || !inApp) return null;
  const copy = () =>
    copyText(window.location.href).then(
      () => setCopied('copied'),
      () => setCopied('copyFailed'),
    );
  return (
    <div className="in-app-banner" role="note" data-testid="in-app-banner">
      <span className="in-app-banner-text">
        {t('inApp.text', {
          app: inApp === 'wechat' ? t('inApp.wechat') : t('inApp.qq'),
          action: ios ? t('inApp.openInSafari') : t('inApp.openInBrowser'),
        })}
        {copied && (
          <span className="in-app-banner-copied" role="status">
            {copied === 'copied' ? t('inApp.copied') : t('inApp.copyFailed')}
          </span>
        )}
      </span>
      <PlainButton size="small" onClick={() => void copy()} data-testid="in-app-copy">
        {t('inApp.copy')}
      </PlainButton>
    </div>
  );
}
