/**
 * Top bar: logo -> /, nav items Home (logged in only) and Publish task (/flow/tb; the guard
 * sends visitors to /login). Visitor: one "注册 / 登录" button. Logged in: the user area (balance,
 * contact service, price table, avatar dropdown), loaded lazily so visitors' pages stay small.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import PlainButton from '@/components/PlainButton';
import { useIsLogin } from '@/lib/session';
import { lazyPage } from '../lazy';
import AfterPage from './AfterPage';
import { publicFileUrl } from '@/lib/public-files';

const UserArea = lazyPage(() => import('./UserArea'));

export default function TopBar() {
  const { t } = useTranslation('layout');
  const isLogin = useIsLogin();
  const [location, navigate] = useLocation();
  const flowActive = location.startsWith('/flow');
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link href="/" className="topbar-logo" aria-label={t('brand')}>
          <img src={publicFileUrl('favicon.svg')} alt="" width={28} height={28} />
          <span>{t('brand')}</span>
        </Link>
        <nav className={isLogin ? 'topbar-nav topbar-nav-signed-in' : 'topbar-nav'} aria-label={t('nav.label')}>
          {isLogin && (
            <Link href="/" className={location === '/' ? 'topbar-link active' : 'topbar-link'}>
              {t('nav.home')}
            </Link>
          )}
          <Link href="/flow/tb" className={flowActive ? 'topbar-link active' : 'topbar-link'} data-testid="nav-publish">
            {t('nav.publish')}
          </Link>
          {isLogin && (
            <Link href="/plan/list" className={location.startsWith('/plan') ? 'topbar-link active' : 'topbar-link'} data-testid="nav-plans">
              {t('nav.plans')}
            </Link>
          )}
        </nav>
        <div className="topbar-right">
          {isLogin ? (
            <Suspense fallback={null}>
              <AfterPage>
                <UserArea />
              </AfterPage>
            </Suspense>
          ) : (
            <PlainButton variant="primary" onClick={() => navigate('/login')} data-testid="nav-login">
              {t('nav.loginRegister')}
            </PlainButton>
          )}
        </div>
      </div>
    </header>
  );
}
