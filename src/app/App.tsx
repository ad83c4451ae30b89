/**
 * App root: SWR, the guard, the layout and the routes. antd's ConfigProvider (zh_CN) is not here:
 * it comes with the lazy parts that use antd (see src/components/AntdProvider.tsx).
 * At start the stored session is used and the user info is (re)loaded from the server.
 */
import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useLocation, useSearch } from 'wouter';
import { swrFetcher } from '@/lib/api';
import { deferAnswers } from '@/lib/swr-deferred';
import { rememberRedirect, useCurrentUser, useSession } from '@/lib/session';
import { decideGuard, isConsolePath } from './guard';
import PageLoading from './PageLoading';
import { useNavigationEffects } from './navigation';
import AppLayout from './layout/AppLayout';
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

function Shell() {
  const [location] = useLocation();
  const search = useSearch();
  const { isLogin } = useSession();
  useCurrentUser();
  useNavigationEffects(location);
  const decision = decideGuard(location, search, isLogin);
  // The operator console has its own layout (no user-facing top bar, banner or floating nav).
  if (decision.kind === 'pass' && isConsolePath(location)) {
    return (
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<PageLoading />}>
          <AdminConsole />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return (
    <AppLayout>
      <ErrorBoundary resetKey={location}>
        {decision.kind === 'pass' ? <AppRoutes /> : <GuardRedirect to={decision.to} remember={'remember' in decision ? decision.remember : undefined} />}
      </ErrorBoundary>
    </AppLayout>
  );
}

const SWR_CONFIG = { fetcher: swrFetcher, revalidateOnFocus: false, shouldRetryOnError: false, use: [deferAnswers] };

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={SWR_CONFIG}>{children}</SWRConfig>
  );
}

export default function App() {
  return (
    <AppProviders>
      <Shell />
    </AppProviders>
  );
}
