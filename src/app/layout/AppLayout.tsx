/**
 * Layout on every page: announcement banner, top bar, the routed page, the floating right
 * nav (every route except /login). Also hosts the three dialogs (价格表, 运营咨询, 修改密码), opened
 * from the top bar, the user menu or any feature through `src/lib/ui-events.ts`; each dialog's code
 * loads only when first opened. Plus the offline notice, the update prompt, the WeChat/QQ banner
 * (open in the browser), the account menu's install sheet and, for a signed-in user whose agreed
 * privacy policy is out of date, the consent panel.
 */
import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { onUiEvent, type UiEventName } from '@/lib/ui-events';
import { useIsLogin } from '@/lib/session';
import { useClientValue } from '@/lib/client-value';
import { inAppBrowser } from '@/lib/in-app-browser';
import { lazyPage, optionalPart, withAntd } from '../lazy';
import AfterPage from './AfterPage';
import AnnouncementBanner from './AnnouncementBanner';
import TopBar from './TopBar';
import OfflineNotice from './OfflineNotice';
import StagingBanner from './StagingBanner';
import UpdatePrompt from './UpdatePrompt';
import { useServicePanelPinned } from './float-panel';

// Offline its chunk waits for the network instead of failing outside every error boundary.
const FloatNav = lazyPage(() => import('./FloatNav'));
const PriceTableModal = withAntd(() => import('./PriceTableModal'));
const ServiceModal = withAntd(() => import('./ServiceModal'));
const ChangePasswordModal = withAntd(() => import('./ChangePasswordModal'));
// Their code loads only where they show: WeChat/QQ, and the account menu's 安装应用.
const InAppBanner = lazyPage(() => import('./InAppBanner'));
const InstallSheet = lazyPage(() => import('./InstallSheet'));
// Signed-in only, so a visitor's /login does not load them (the bottom bar's icons weigh 1.5 KB gzipped).
const BottomNav = optionalPart(() => import('./BottomNav'));
/** The privacy consent panel, on every signed-in page: the layout's and the console's. */
export const PrivacyConsent = optionalPart(() => import('./PrivacyConsent'));

type ModalName = UiEventName;

function useModals() {
  const [open, setOpen] = useState<ModalName | null>(null);
  const [loaded, setLoaded] = useState<Set<ModalName>>(() => new Set());
  useEffect(() => {
    const names: ModalName[] = ['service', 'changePassword', 'priceTable', 'install'];
    const offs = names.map((name) =>
      // In a transition: the tap (a menu item, a top bar button) paints first, the dialog right after.
      onUiEvent(name, () =>
        startTransition(() => {
          setLoaded((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
          setOpen(name);
        }),
      ),
    );
    return () => offs.forEach((off) => off());
  }, []);
  return { open, loaded, close: () => setOpen(null) };
}

export default function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { open, loaded, close } = useModals();
  const isLogin = useIsLogin();
  // after hydration: the prerendered HTML is the same for every browser
  const inApp = useClientValue(() => inAppBrowser(navigator.userAgent) !== null, false);
  const floatNav = <FloatNav />;
  const withFloatNav = location !== '/login';
  const panelPinned = useServicePanelPinned() && withFloatNav;
  // `with-float-nav` is known when the page is prerendered, so the room the wide layout keeps for the
  // service panel is there from the first paint; `float-panel-shown` (the visitor's choice) only
  // after the app starts, and changes nothing where that room is already kept.
  // Signed-in phones navigate from the bottom bar (CSS shows it on phones only; it reserves its height).
  const withBottomNav = isLogin && location !== '/login';
  const className = ['app', withFloatNav && 'with-float-nav', panelPinned && 'float-panel-shown', withBottomNav && 'with-bottom-nav']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      {inApp && (
        <Suspense fallback={null}>
          <InAppBanner />
        </Suspense>
      )}
      <StagingBanner />
      <OfflineNotice />
      <AnnouncementBanner />
      <TopBar />
      <main className="app-main">{children}</main>
      <Suspense fallback={null}>
        {/* A visitor's prerendered page already shows it: hydrated at once. */}
        {withFloatNav && (isLogin ? <AfterPage>{floatNav}</AfterPage> : floatNav)}
        {loaded.has('priceTable') && <PriceTableModal open={open === 'priceTable'} onClose={close} />}
        {loaded.has('service') && <ServiceModal open={open === 'service'} onClose={close} />}
        {loaded.has('changePassword') && <ChangePasswordModal open={open === 'changePassword'} onClose={close} />}
      </Suspense>
      {open === 'install' && (
        <Suspense fallback={null}>
          <InstallSheet onClose={close} />
        </Suspense>
      )}
      {withBottomNav && <BottomNav />}
      <UpdatePrompt />
      {isLogin && <PrivacyConsent />}
    </div>
  );
}
