/**
 * Logged-in part of the top bar: 积分余额 with the balance, contact service (运营咨询
 * dialog), price table (价格表 dialog), and the avatar with member level description and phone
 * opening the dropdown (loaded with the shell, not on first use: its 退出登录 must work offline too): 个人中心, 积分充值, 会员升级, 修改密码 (dialog), 退出登录 (red).
 */
import { CustomerServiceOutlined, DownOutlined, TableOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import UserAvatar from '@/components/UserAvatar';
import { formatPoints } from '@/lib/format';
import { logout, useCurrentUser } from '@/lib/session';
import { openChangePasswordModal, openPriceTableModal, openServiceModal } from '@/lib/ui-events';

export default function UserArea() {
  const { t } = useTranslation('layout');
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  if (!user) return null;

  const items: MenuProps['items'] = [
    // What the top bar has no room for on a phone: the balance, the member level and the phone.
    {
      key: 'account',
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
    { key: '/user/center', label: t('menu.userCenter') },
    { key: '/recharge/integral', label: t('menu.recharge') },
    { key: '/recharge/member', label: t('menu.member') },
    { key: 'password', label: t('menu.changePassword') },
    { type: 'divider' },
    { key: 'logout', label: t('menu.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') openChangePasswordModal();
    else if (key === 'logout') void logout();
    else if (key === 'account') navigate('/user/center');
    else navigate(key);
  };

  return (
    <div className="user-area">
      <span className="user-area-balance" data-testid="balance">
        <span className="hide-narrow">{t('balance')}</span>
        <strong>{formatPoints(user.integral)}</strong>
      </span>
      <button type="button" className="user-area-item" onClick={openServiceModal} aria-label={t('contactService')} data-testid="open-service">
        <CustomerServiceOutlined aria-hidden /> <span className="hide-narrow">{t('contactService')}</span>
      </button>
      <button type="button" className="user-area-item" onClick={openPriceTableModal} aria-label={t('priceTable')} data-testid="open-price">
        <TableOutlined aria-hidden /> <span className="hide-narrow">{t('priceTable')}</span>
      </button>
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
        <button
          type="button"
          className="user-area-profile"
          aria-label={t('menu.account', { level: user.memberLevelDesc, phone: user.phone })}
          data-testid="user-menu"
        >
          <UserAvatar avatar={user.avatar} memberLevel={user.memberLevel} size={36} />
          <span className="user-area-profile-text">
            <span className="user-area-level">{user.memberLevelDesc}</span>
            <span className="user-area-phone">{user.phone}</span>
          </span>
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}
