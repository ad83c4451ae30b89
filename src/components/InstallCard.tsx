/**
 * The home page's small install card: the way to install in this browser (InstallSteps), dismissible
 * (quiet for 30 days, offered again after a purchase: src/lib/install-offer.ts). Not shown when the
 * app runs installed, in WeChat/QQ (their banner says to open a browser), nor where there is no way.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import InstallSteps from '@/components/InstallSteps';
import SvgIcon from '@/components/SvgIcon';
import { offersInstallSteps } from '@/lib/browser-class';
import { dismissInstallCard, installCardDismissed, useInstallOffer } from '@/lib/install-offer';

export default function InstallCard() {
  const { t } = useTranslation('layout');
  const { path } = useInstallOffer();
  const [dismissed, setDismissed] = useState(installCardDismissed);
  if (dismissed || !offersInstallSteps(path)) return null;
  return (
    <aside className="install-card" aria-label={t('install.title')} data-testid="install-card">
      <div className="install-card-text">
        <strong>{t('install.title')}</strong>
        <span>{t('install.lead')}</span>
        <InstallSteps path={path} />
      </div>
      <button
        type="button"
        className="install-card-close"
        aria-label={t('install.dismiss')}
        onClick={() => {
          dismissInstallCard();
          setDismissed(true);
        }}
        data-testid="install-card-dismiss"
      >
        <SvgIcon icon={CloseOutlined} />
      </button>
    </aside>
  );
}
