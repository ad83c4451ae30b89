/**
 * Visible notice while offline: the browser says so, or the API cannot be reached. Its icon is
 * lazy (the service worker has it precached): @ant-design/icons' runtime stays off the first page.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/network-status';

const DisconnectOutlined = lazy(() => import('@ant-design/icons/es/icons/DisconnectOutlined'));

export default function OfflineNotice() {
  const { t } = useTranslation('layout');
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="alert" data-testid="offline-notice">
      <Suspense fallback={null}>
        <DisconnectOutlined aria-hidden />
      </Suspense>{' '}
      {t('offline')}
    </div>
  );
}
