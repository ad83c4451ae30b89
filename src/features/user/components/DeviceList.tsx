/**
 * The account's signed-in devices (GET /api/user/devices): browser and system, address, last use,
 * this device marked; sign out any other one, or all others at once.
 */
import PlainButton from '@/components/PlainButton';
import PlainTag from '@/components/PlainTag';
import { Popconfirm } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { logoutDevice, logoutOtherDevices, useDevices, type Device } from '../api';

export default function DeviceList() {
  const { t } = useTranslation('user');
  const { data, isLoading, mutate } = useDevices();
  const devices = data ?? [];
  const others = devices.filter((device) => !device.current).length;

  const browsers: Record<string, string> = {
    wechat: t('devices.browser.wechat'),
    edge: t('devices.browser.edge'),
    opera: t('devices.browser.opera'),
    samsung: t('devices.browser.samsung'),
    firefox: t('devices.browser.firefox'),
    chrome: t('devices.browser.chrome'),
    safari: t('devices.browser.safari'),
  };
  const systems: Record<string, string> = {
    harmonyos: t('devices.os.harmonyos'),
    android: t('devices.os.android'),
    ios: t('devices.os.ios'),
    windows: t('devices.os.windows'),
    macos: t('devices.os.macos'),
    chromeos: t('devices.os.chromeos'),
    linux: t('devices.os.linux'),
  };
  const name = (device: Device) => {
    const browser = browsers[device.browser] ?? t('devices.browser.other');
    return t('devices.device', {
      browser: device.browserVersion ? t('devices.version', { name: browser, version: device.browserVersion }) : browser,
      os: systems[device.os] ?? t('devices.os.other'),
    });
  };

  const signOut = async (device: Device) => {
    await logoutDevice(device.id);
    toastSuccess(t('devices.loggedOut'));
    await mutate();
  };
  const signOutOthers = async () => {
    const { count } = await logoutOtherDevices();
    toastSuccess(t('devices.loggedOutOthers', { count }));
    await mutate();
  };

  return (
    <div data-testid="device-list">
      {/* Plain markup in the look of antd's List: its List would bring pagination and select code along. */}
      <ul className="device-list" aria-busy={isLoading || undefined}>
        {!isLoading && devices.length === 0 && <li className="device-list-empty">{t('devices.empty')}</li>}
        {devices.map((device) => (
          <li key={device.id} className="device-list-item" data-testid="device">
            <div className="device-list-meta">
              <h3 className="device-name">
                {name(device)}{' '}
                {device.current && (
                  <PlainTag color="blue" data-testid="device-current">
                    {t('devices.current')}
                  </PlainTag>
                )}
              </h3>
              <div className="device-list-description">
                {`${t('devices.address')}：${device.ip || t('devices.unknownAddress')}\u3000${t('devices.lastSeen')}：`}
                <span className="nowrap">{formatDateTime(device.lastSeenAt)}</span>
              </div>
            </div>
            {!device.current && (
              <Popconfirm title={t('devices.logoutConfirm')} onConfirm={() => signOut(device)}>
                <PlainButton variant="link" danger size="small" data-testid="device-logout">
                  {t('devices.logout')}
                </PlainButton>
              </Popconfirm>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Popconfirm title={t('devices.logoutOthersConfirm')} onConfirm={signOutOthers}>
          <PlainButton danger data-testid="devices-logout-others">
            {t('devices.logoutOthers')}
          </PlainButton>
        </Popconfirm>
      )}
    </div>
  );
}
