/**
 * The route table. Every page is lazy; a signed-in page's code and first API calls start together
 * (`startRoute`), not one after the other. The guard runs first; visitors reach only the visitor
 * paths. Pages owned by feature helpers (plan, recharge) are only routed from here.
 */
import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { FLOW_TYPES, type FlowType } from '@common/domain';
import { useAfterPaint, useNavigateAfterPaint } from '@/lib/after-paint';
import { rememberInvite } from '@/lib/session';
import { preloadPlanData } from '@/features/plan/api';
import { preloadRechargeData } from '@/features/recharge/api';
import { inviteIdFromPath } from './guard';
import { lazyPage, preloadDataOnce, withAntd } from './lazy';
import PageLoading from './PageLoading';

const LoginPage = lazyPage(() => import('@/features/auth/pages/LoginPage'));
const RegisterPage = lazyPage(() => import('@/features/auth/pages/RegisterPage'));
const FindPwdPage = lazyPage(() => import('@/features/auth/pages/FindPwdPage'));
const PrivacyPage = lazyPage(() => import('@/features/legal/pages/PrivacyPage'), ['privacy']);
// The signed-in pages use no antd of their own (their dialogs, pickers, desktop tables and antd-made
// tabs bring antd's provider along): they wait for none of antd's code.
const HomePage = lazyPage(() => import('@/features/home/pages/HomePage'), ['home']);
const UserCenterPage = lazyPage(() => import('@/features/user/pages/UserCenterPage'), ['user']);
const PublishPage = lazyPage(() => import('@/features/plan/pages/PublishPage'), ['flow']);
const PlanPage = lazyPage(() => import('@/features/plan/pages/PlanPage'), ['plan']);
const RechargePage = lazyPage(() => import('@/features/recharge/pages/RechargePage'), ['recharge']);
const NotFoundPage = withAntd(() => import('./NotFoundPage'));
/** The operator console: its own lazy chunk and catalogue namespace, rendered outside the user layout (App.tsx). */
export const AdminConsole = withAntd(() => import('@/features/admin/AdminApp'), ['admin']);

export const RECHARGE_TYPES = ['integral', 'member', 'integral-details', 'record'] as const;
export type RechargeType = (typeof RECHARGE_TYPES)[number];

/** Widgets one feature shows on another's page, composed here in app/ so features never import each other. */
const PlanOverview = lazyPage(() => import('@/features/plan').then((m) => ({ default: m.PlanOverview })), ['plan']);
const homeExtra: ReactNode = (
  <Suspense fallback={null}>
    <PlanOverview />
  </Suspense>
);
const LatestOrders = lazyPage(() => import('@/features/recharge').then((m) => ({ default: m.LatestOrders })), ['recharge']);
const userCenterOrders: ReactNode = (
  <Suspense fallback={null}>
    <LatestOrders />
  </Suspense>
);

/** What a signed-in page needs first: its lazy parts, and its first API calls under a name said once. */
interface PageStart {
  parts: { preload(): void }[];
  name: string;
  load?: () => Promise<unknown>;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function pageStart(path: string): PageStart | undefined {
  if (path === '/') return { parts: [HomePage, PlanOverview], name: 'home', load: preloadPlanData.overview };
  // Its first screen is the stored user; the lists below it (drawn after it) fetch when drawn.
  if (path === '/user/center') return { parts: [UserCenterPage], name: 'user/center' };
  if (path === '/plan/list') return { parts: [PlanPage], name: 'plan/list', load: preloadPlanData.list };
  if (path === '/plan/template') return { parts: [PlanPage], name: 'plan/template', load: preloadPlanData.template };
  const [, section, type = ''] = path.split('/');
  if (section === 'flow' && isOneOf(FLOW_TYPES, type))
    return { parts: [PublishPage], name: `flow/${type}`, load: () => preloadPlanData.publish(type) };
  if (section === 'recharge' && isOneOf(RECHARGE_TYPES, type)) {
    return {
      parts: [RechargePage],
      name: `recharge/${type}`,
      load: type === 'integral' || type === 'member' ? preloadRechargeData[type] : undefined,
    };
  }
  return undefined;
}

/**
 * Starts the first API calls of the page at `path` (once per page: later visits fetch from the page
 * itself), and with `code` its lazy code and catalogue too. main.tsx calls it with code before the
 * first render, so a signed-in visit asks for its page ahead of the layout's own parts; the routes
 * call it for each page they show.
 */
export function startRoute(path: string, { code = false } = {}) {
  const start = pageStart(path);
  if (!start) return;
  if (code) start.parts.forEach((part) => part.preload());
  if (start.load) preloadDataOnce(start.name, start.load);
}

/** /smi/{id}, /sui/{id}: keep the invite id for /register, then replace the route with /login. */
function InviteRedirect() {
  const [location] = useLocation();
  const id = inviteIdFromPath(location);
  if (id) rememberInvite(id);
  return <Redirect to="/login" replace />;
}

function FlowRoute() {
  const { type } = useParams<{ type: string }>();
  // The platform switch shows the tapped platform at once; the route changes once that has painted
  // (here, not in the page: the page is replaced when its platform changes, a tap meanwhile must
  // not be lost with it), and the page for it (a new form) renders once the route's change has
  // painted, in a transition, so the tap's answer never waits for the form.
  const [chosen, choose] = useNavigateAfterPaint((flowType: FlowType) => `/flow/${flowType}`);
  const shown = useAfterPaint(type);
  if (!isOneOf(FLOW_TYPES, type)) return <NotFoundPage />;
  const flowType = isOneOf(FLOW_TYPES, shown) ? shown : type;
  return <PublishPage key={flowType} flowType={flowType} selected={chosen ?? type} onSelect={choose} />;
}

function RechargeRoute() {
  const { type } = useParams<{ type: string }>();
  if (!isOneOf(RECHARGE_TYPES, type)) return <NotFoundPage />;
  return <RechargePage type={type} />;
}

export default function AppRoutes() {
  const [location] = useLocation();
  // Before the page suspends: its first API calls go out while its code loads.
  startRoute(location);
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/smi/:id" component={InviteRedirect} />
        <Route path="/sui/:id" component={InviteRedirect} />
        <Route path="/smi">
          <Redirect to="/login" replace />
        </Route>
        <Route path="/sui">
          <Redirect to="/login" replace />
        </Route>
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/find-pwd" component={FindPwdPage} />
        <Route path="/privacy" component={PrivacyPage} />
        <Route path="/">
          <HomePage extra={homeExtra} />
        </Route>
        <Route path="/user">
          <Redirect to="/user/center" replace />
        </Route>
        <Route path="/user/center">
          <UserCenterPage orders={userCenterOrders} />
        </Route>
        <Route path="/flow">
          <Redirect to="/flow/tb" replace />
        </Route>
        <Route path="/flow/:type" component={FlowRoute} />
        <Route path="/plan">
          <Redirect to="/plan/list" replace />
        </Route>
        <Route path="/plan/list">
          <PlanPage type="list" />
        </Route>
        <Route path="/plan/template">
          <PlanPage type="template" />
        </Route>
        <Route path="/recharge">
          <Redirect to="/recharge/integral" replace />
        </Route>
        <Route path="/recharge/:type" component={RechargeRoute} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
