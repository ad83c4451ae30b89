/**
 * Visible notice while offline: the browser says so, or the API cannot be reached. Its icon is
 * lazy (the service worker has it precached): @ant-design/icons' runtime stays off the first page.
 * Where no worker controls the tab, the icon's chunk cannot load while offline: the notice then shows
 * without it, since a failed import here would take the whole app (top bar and logout) down with it.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/network-status';

type IconProps = { 'aria-hidden'?: boolean };
const NoIcon = () => null;
const DisconnectOutlined = lazy<ComponentType<IconProps>>(() =>
  import('@ant-design/icons/es/icons/DisconnectOutlined').catch(() => ({ default: NoIcon })),
);

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
