/**
 * App root: SWR, the guard, the layout and the routes. antd's ConfigProvider (zh_CN) is not here:
 * it comes with the lazy parts that use antd (see src/components/AntdProvider.tsx).
 * At start the stored session is used and the user info is (re)loaded from the server.
 */
import { memo, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useLocation, useSearch } from 'wouter';
import { swrFetcher } from '@/lib/api';
import { deferAnswers } from '@/lib/swr-deferred';
import { rememberRedirect, useCurrentUser, useIsLogin } from '@/lib/session';
import { decideGuard, isConsolePath } from './guard';
import PageLoading from './PageLoading';
import { useNavigationEffects } from './navigation';
import AppLayout, { PrivacyConsent } from './layout/AppLayout';
import StagingBanner from './layout/StagingBanner';
import AfterPage from './layout/AfterPage';
import AppRoutes, { AdminConsole } from './routes';
import ErrorBoundary from './ErrorBoundary';

function GuardRedirect({ to, remember }: { to: string; remember?: string }) {
  const [, navigate] = useLocation();
  useLayoutEffect(() => {
    if (remember !== undefined) rememberRedirect(remember);
    navigate(to, { replace: true });
  }, [to, remember, navigate]);
  return null;
}

/**
 * Keeps the stored user info fresh; a component of its own so that an answer re-renders nothing
 * else, and rendered once the page has, since the stored user info is on screen meanwhile.
 */
function CurrentUserRefresh() {
  useCurrentUser();
  return null;
}

// Re-rendered by its own hooks (the location) only: a re-render of the shell above does not reach the page.
const Routes = memo(AppRoutes);

function Shell() {
  const [location] = useLocation();
  const search = useSearch();
  const isLogin = useIsLogin();
  useNavigationEffects(location);
  const decision = decideGuard(location, search, isLogin);
  // The operator console has its own layout (no user-facing top bar, banner or floating nav).
  if (decision.kind === 'pass' && isConsolePath(location)) {
    return (
      <>
        <StagingBanner />
        <ErrorBoundary resetKey={location}>
          <Suspense fallback={<PageLoading />}>
            <AdminConsole />
          </Suspense>
        </ErrorBoundary>
        {/* staff agree to the policy too (an account made in the console agrees at its first sign-in) */}
        {isLogin && <PrivacyConsent />}
      </>
    );
  }
  return (
    <AppLayout>
      <ErrorBoundary resetKey={location}>
        {decision.kind === 'pass' ? (
          <Routes />
        ) : (
          <GuardRedirect to={decision.to} remember={'remember' in decision ? decision.remember : undefined} />
        )}
      </ErrorBoundary>
    </AppLayout>
  );
}

const SWR_CONFIG = { fetcher: swrFetcher, revalidateOnFocus: false, shouldRetryOnError: false, use: [deferAnswers] };

export function AppProviders({ children }: { children: ReactNode }) {
  return <SWRConfig value={SWR_CONFIG}>{children}</SWRConfig>;
}

export default function App() {
  return (
    <AppProviders>
      <AfterPage>
        <CurrentUserRefresh />
      </AfterPage>
      <Shell />
    </AppProviders>
  );
}
