/**
 * Logged-in part of the top bar: 积分余额 with the balance, contact service (运营咨询
 * dialog), price table (价格表 dialog), and the avatar with member level description and phone
 * opening the account menu (plain markup in the shell, no chunk of its own: its 退出登录 must work offline too): 个人中心, 积分充值, 会员升级, 修改密码 (dialog),
 * 安装应用 (where this browser has a way: the browser's prompt, else the sheet with the steps), 退出登录 (red).
 */
import CustomerServiceOutlined from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import TableOutlined from '@ant-design/icons-svg/es/asn/TableOutlined';
import { useTranslation } from 'react-i18next';
import MenuButton, { type MenuButtonItem } from '@/components/MenuButton';
import SvgIcon from '@/components/SvgIcon';
import UserAvatar from '@/components/UserAvatar';
import { formatPoints } from '@/lib/format';
import { logout, useCurrentUser } from '@/lib/session';
import { offersInstallSteps } from '@/lib/browser-class';
import { promptInstall, useInstallOffer } from '@/lib/install-offer';
import { openChangePasswordModal, openInstallSheet, openPriceTableModal, openServiceModal } from '@/lib/ui-events';

export default function UserArea() {
  const { t } = useTranslation('layout');
  const { user } = useCurrentUser();
  const { path: installPath } = useInstallOffer();
  if (!user) return null;

  const items: MenuButtonItem[] = [
    // What the top bar has no room for on a phone: the balance, the member level and the phone.
    {
      key: 'account',
      href: '/user/center',
      className: 'user-menu-account',
      label: (
        <span className="user-menu-account-text">
          <span>
            {t('balance')} <strong>{formatPoints(user.integral)}</strong>
          </span>
          <span>
            <span className="user-area-level">{user.memberLevelDesc}</span> {user.phone}
          </span>
        </span>
      ),
    },
    { key: 'center', href: '/user/center', label: t('menu.userCenter') },
    { key: 'plans', href: '/plan/list', label: t('menu.plans') },
    { key: 'recharge', href: '/recharge/integral', label: t('menu.recharge') },
    { key: 'member', href: '/recharge/member', label: t('menu.member') },
    { key: 'password', onSelect: openChangePasswordModal, label: t('menu.changePassword') },
    ...(offersInstallSteps(installPath)
      ? [
          {
            key: 'install',
            onSelect: installPath === 'prompt' ? () => void promptInstall() : openInstallSheet,
            label: t('install.menu'),
            className: 'user-menu-install',
          },
        ]
      : []),
    // staff: the way to the operator console (the console itself checks the role again)
    ...(user.consoleRole ? [{ key: 'admin', href: '/admin', label: t('menu.admin'), className: 'user-menu-admin' }] : []),
    { key: 'divider', divider: true },
    { key: 'logout', onSelect: () => void logout(), label: t('menu.logout'), danger: true },
  ];

  return (
    <div className="user-area">
      <span className="user-area-balance" data-testid="balance">
        <span className="hide-narrow">{t('balance')}</span>
        <span className="show-narrow">{t('balanceShort')}</span>
        <strong>{formatPoints(user.integral)}</strong>
      </span>
      <button
        type="button"
        className="user-area-item"
        onClick={openServiceModal}
        aria-label={t('contactService')}
        data-testid="open-service"
      >
        <SvgIcon icon={CustomerServiceOutlined} /> <span className="hide-narrow">{t('contactService')}</span>
      </button>
      <button type="button" className="user-area-item" onClick={openPriceTableModal} aria-label={t('priceTable')} data-testid="open-price">
        <SvgIcon icon={TableOutlined} /> <span className="hide-narrow">{t('priceTable')}</span>
      </button>
      <MenuButton
        items={items}
        className="user-area-profile"
        aria-label={t('menu.account', { level: user.memberLevelDesc, phone: user.phone })}
        data-testid="user-menu"
      >
        <UserAvatar avatar={user.avatar} memberLevel={user.memberLevel} size={36} />
        <span className="user-area-profile-text">
          <span className="user-area-level">{user.memberLevelDesc}</span>
          <span className="user-area-phone">{user.phone}</span>
        </span>
        <SvgIcon icon={DownOutlined} />
      </MenuButton>
    </div>
  );
}
