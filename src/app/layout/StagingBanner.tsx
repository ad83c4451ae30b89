/**
 * The banner of a staging server (src/lib/deployment-stage.ts): on every page, above everything, so
 * nobody rehearsing takes the stand-ins' payments and codes for real ones. Nothing in production.
 */
import { useTranslation } from 'react-i18next';
import { useIsStaging } from '@/lib/deployment-stage';

export default function StagingBanner() {
  const { t } = useTranslation('layout');
  if (!useIsStaging()) return null;
  return (
    <div className="staging-banner" role="status" data-testid="staging-banner">
      {t('staging')}
    </div>
  );
}
