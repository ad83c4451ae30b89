/**
 * The account menu's 安装应用 (where the browser cannot prompt): a small sheet at the bottom with the
 * steps for this browser (InstallSteps), above the home indicator of an iPhone.
 */
import { useTranslation } from 'react-i18next';
import InstallSteps from '@/components/InstallSteps';
import PlainButton from '@/components/PlainButton';
import { useInstallOffer } from '@/lib/install-offer';

export default function InstallSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { path } = useInstallOffer();
  return (
    <div className="install-sheet" role="dialog" aria-label={t('install.title')} data-testid="install-sheet">
      <strong>{t('install.title')}</strong>
      <InstallSteps path={path} onPrompted={onClose} />
      <PlainButton onClick={onClose} data-testid="install-sheet-close">
        {t('install.close')}
      </PlainButton>
    </div>
  );
}
