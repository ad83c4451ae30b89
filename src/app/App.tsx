/**
 * App root: antd ConfigProvider (zh_CN), SWR, the guard, the layout and the routes.
 * At start the stored session is used and the user info is (re)loaded from the server.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { SWRConfig } from 'swr';
import { useLocation, useSearch } from 'wouter';
import { swrFetcher } from '@/lib/api';
import { rememberRedirect, useCurrentUser, useSession } from '@/lib/session';
import { decideGuard } from './guard';
import { useNavigationEffects } from './navigation';
import AppLayout from './layout/AppLayout';
import AppRoutes from './routes';
import ErrorBoundary from './ErrorBoundary';

// A primary blue dark enough for 4.5:1 contrast with white text (WCAG AA; Lighthouse budget).
const theme = { token: { colorPrimary: '#0958d9', colorLink: '#0958d9', colorTextDescription: 'rgba(0, 0, 0, 0.62)', borderRadius: 6 } };

function GuardRedirect({ remember }: { remember: string }) {
  const [, navigate] = useLocation();
  useLayoutEffect(() => {
    rememberRedirect(remember);
    navigate('/login', { replace: true });
  }, [remember, navigate]);
  return null;
}

function Shell() {
  const [location] = useLocation();
  const search = useSearch();
  const { isLogin } = useSession();
  useCurrentUser();
  useNavigationEffects(location);
  const decision = decideGuard(location, search, isLogin);
  return (
    <AppLayout>
      <ErrorBoundary resetKey={location}>
        {decision.kind === 'pass' ? <AppRoutes /> : <GuardRedirect remember={decision.remember} />}
      </ErrorBoundary>
    </AppLayout>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <SWRConfig value={{ fetcher: swrFetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>{children}</SWRConfig>
    </ConfigProvider>
  );
}

export default function App() {
  return (
    <AppProviders>
      <Shell />
    </AppProviders>
  );
}
