/**
 * The bottom navigation of a signed-in phone (首页 / 发布 / 计划 / 我的), in reach of the thumb; wider
 * screens have the top bar's links (styles.css shows it at PHONE_MAX_WIDTH and below only). The
 * specification's floating nav (客服, 会员, 顶部) stays as it is, a row below the content there.
 */
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import PlusCircleOutlined from '@ant-design/icons-svg/es/asn/PlusCircleOutlined';
import ProfileOutlined from '@ant-design/icons-svg/es/asn/ProfileOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import SvgIcon from '@/components/SvgIcon';
import { useNavigateAfterPaint } from '@/lib/after-paint';

const ITEMS = [
  { href: '/', key: 'home', icon: HomeOutlined, active: (path: string) => path === '/' },
  { href: '/flow/tb', key: 'publish', icon: PlusCircleOutlined, active: (path: string) => path.startsWith('/flow') },
  { href: '/plan/list', key: 'plans', icon: ProfileOutlined, active: (path: string) => path.startsWith('/plan') },
  {
    href: '/user/center',
    key: 'mine',
    icon: UserOutlined,
    active: (path: string) => path.startsWith('/user') || path.startsWith('/recharge'),
  },
] as const;

export default function BottomNav() {
  const { t } = useTranslation('layout');
  const [location] = useLocation();
  // The tapped item shows at once; the page changes once that has painted (a route change renders
  // the whole layout and the new page in one blocking render).
  const [chosen, choose] = useNavigateAfterPaint((href: string) => href);
  const labels = { home: t('bottomNav.home'), publish: t('bottomNav.publish'), plans: t('bottomNav.plans'), mine: t('bottomNav.mine') };
  return (
    <nav className="bottom-nav" aria-label={t('bottomNav.label')} data-testid="bottom-nav">
      {ITEMS.map(({ href, key, icon, active }) => {
        const current = chosen === null ? active(location) : chosen === href;
        return (
          <Link
            key={key}
            href={href}
            className={current ? 'bottom-nav-item active' : 'bottom-nav-item'}
            aria-current={current ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault();
              choose(href);
            }}
            data-testid={`bottom-nav-${key}`}
          >
            <SvgIcon icon={icon} />
            <span>{labels[key]}</span>
          </Link>
        );
      })}
    </nav>
  );
}
