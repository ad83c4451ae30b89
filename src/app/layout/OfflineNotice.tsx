/** Visible notice while offline: the browser says so, or the API cannot be reached. */
import { DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/network-status';

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
