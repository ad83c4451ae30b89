/**
 * What each signed-in page needs before it can show anything: its lazy page modules (their chunks and
 * everything those import), its catalogue namespaces and its first API calls. The build turns this
 * into the shell's start map (build/app-start.ts: module paths become the built files), and the
 * shell's inline start script (src/app-start.js) asks for the data (catalogue, API) at once and for
 * the modules with the entry once the shell has painted, before any of the app's code has arrived:
 * the page no longer waits on the chain document -> entry -> shared chunks -> page chunk ->
 * catalogue -> API.
 * The app then takes those requests over (src/lib/early-requests.ts): `startRoute` (./routes.tsx)
 * asks for the same URLs, which route-starts.test.ts holds to this list.
 * Plain data with the route contract's paths only: the build reads it too.
 */
import * as routes from '../../common/routes';

export interface RouteStart {
  /** A path, or a pattern whose `:name` segments match one segment (e.g. `/flow/:type`). */
  path: string;
  /** Source modules of the page's lazy parts (as the route table imports them). */
  modules: string[];
  namespaces: string[];
  /** The first GETs of the page, exactly as the app's data layer asks for them (path and query). */
  api: string[];
}

/** Rows of the plan and template lists' first page, and of the home page's latest plans (features/plan/api.ts). */
const PLAN_PAGE = 10;
const OVERVIEW_LATEST = 5;

export const ROUTE_STARTS: RouteStart[] = [
  {
    path: '/',
    modules: ['src/features/home/pages/HomePage.tsx', 'src/features/plan/index.ts'],
    namespaces: ['home', 'plan'],
    api: [`${routes.planList.path}?page=1&pageSize=${OVERVIEW_LATEST}`, routes.planCounts.path],
  },
  // Its first screen is the stored user; the lists below it fetch when drawn.
  { path: '/user/center', modules: ['src/features/user/pages/UserCenterPage.tsx'], namespaces: ['user'], api: [] },
  {
    path: '/plan/list',
    modules: ['src/features/plan/pages/PlanPage.tsx'],
    namespaces: ['plan'],
    api: [`${routes.planList.path}?page=1&pageSize=${PLAN_PAGE}`, routes.planCounts.path],
  },
  {
    path: '/plan/template',
    modules: ['src/features/plan/pages/PlanPage.tsx'],
    namespaces: ['plan'],
    api: [`${routes.templateList.path}?page=1&pageSize=${PLAN_PAGE}`, routes.planConfigFullData.path],
  },
  ...(['tb', 'jd', 'pdd'] as const).map((flowType) => ({
    path: `/flow/${flowType}`,
    modules: ['src/features/plan/pages/PublishPage.tsx'],
    namespaces: ['flow'],
    api: [`${routes.planConfig.path}?flowType=${flowType}`],
  })),
  {
    path: '/recharge/integral',
    modules: ['src/features/recharge/pages/RechargePage.tsx'],
    namespaces: ['recharge'],
    api: [`${routes.goods.path}?type=integral`, routes.payTypes.path],
  },
  {
    path: '/recharge/member',
    modules: ['src/features/recharge/pages/RechargePage.tsx'],
    namespaces: ['recharge'],
    api: [`${routes.goods.path}?type=member`, routes.memberLevels.path, routes.payTypes.path],
  },
  { path: '/recharge/:type', modules: ['src/features/recharge/pages/RechargePage.tsx'], namespaces: ['recharge'], api: [] },
];
