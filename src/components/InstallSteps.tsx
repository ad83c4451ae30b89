/**
 * How to install the app in this browser (src/lib/install-offer.ts decides the path), in plain
 * markup (no antd): the 安装应用 button where the browser can prompt, the 分享 → 添加到主屏幕 → 添加
 * steps on iOS, 请在 Safari 中打开 in other iOS browsers, the browser-menu steps with the
 * 桌面快捷方式 note on other Android browsers (the paths `offersInstallSteps()` of src/lib/browser-class.ts
 * lists). Shown by the home page's card and the account menu's sheet.
 */
import { useTranslation } from 'react-i18next';
import PlainButton from '@/components/PlainButton';
import { promptInstall } from '@/lib/install-offer';
import type { InstallPath } from '@/lib/browser-class';

export default function InstallSteps({ path, onPrompted }: { path: InstallPath; onPrompted?: () => void }) {
  const { t } = useTranslation('layout');
  if (path === 'prompt') {
    return (
      <PlainButton
        variant="primary"
        onClick={() => {
          onPrompted?.();
          void promptInstall();
        }}
        data-testid="install-prompt"
      >
        {t('install.action')}
      </PlainButton>
    );
  }
  if (path === 'ios-share' || path === 'android-menu') {
    const steps =
      path === 'ios-share'
        ? [t('install.iosStep1'), t('install.iosStep2'), t('install.iosStep3')]
        : [t('install.androidStep1'), t('install.androidStep2')];
    return (
      <div className="install-steps" data-testid={`install-steps-${path}`}>
        <ol>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {path === 'android-menu' && <p className="install-note">{t('install.androidNote')}</p>}
      </div>
    );
  }
  if (path === 'ios-open-safari') {
    return (
      <p className="install-steps" data-testid="install-steps-ios-open-safari">
        {t('install.openInSafari')}
      </p>
    );
  }
  return null;
}
