/** Visible notice while the browser is offline (product §7). */
import { useSyncExternalStore } from 'react';
import { DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

function subscribe(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

export function useOnline() {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

export default function OfflineNotice() {
  const { t } = useTranslation('layout');
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="alert" data-testid="offline-notice">
      <DisconnectOutlined aria-hidden /> {t('offline')}
    </div>
  );
}
