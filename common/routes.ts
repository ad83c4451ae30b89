/**
 * The route contract: every API call, said once. The server registers each route from its entry
 * (`app.post(routes.planCreate.path, …)`), the app calls through the same entry (src/lib/api.ts takes
 * an entry or a path made from one), and tests/contract/routes.test.ts fails when an entry is not
 * registered with its method. No '/api/' string is written anywhere else in src/ (npm run lint).
 *
 * The second and third type parameters are the request (query or body) and the answer, where the
 * shared types say them (common/api-types.ts, common/admin-types.ts); src/lib/api.ts infers the
 * answer from the entry. `:name` segments are path parameters (`pathOf`).
 *
 * Named exceptions, registered by the server but never called by the app's API client: the payment
 * gateways' notifications (pay/providers.ts NOTIFY_PATHS), the sandbox cashier (its URL arrives in
 * the order answer), /metrics (not under /api), and the SPA fallback.
 */
import type { ConsoleMe, ConsoleOrder, ConsoleUser, ConsoleUserDetail, AuditEntry, DayStats, ReconciliationReport } from './admin-types.ts';
import type {
  AuthResult,
  CreatedPlan,
  DeleteResult,
  Goods,
  InvitedUser,
  ItemInfo,
  LedgerRow,
  MemberLevelInfo,
  OrderRow,
  Page,
  PlanConfig,
  PlanCounts,
  PlanDetail,
  PlanForm,
  PlanRow,
  PayTypeOption,
  ServiceInfo,
  StopResult,
  TemplateRow,
  UserData,
} from './api-types.ts';

export type HttpMethod = 'GET' | 'POST';

/** One API call: its method and path; the request and answer types ride along for the callers. */
export interface ApiRoute<M extends HttpMethod = HttpMethod, Req = unknown, Res = unknown> {
  readonly method: M;
  readonly path: string;
  /** Never set: carries the request and answer types. */
  readonly types?: { request: Req; answer: Res };
}

const get = <Res = unknown, Req = unknown>(path: string): ApiRoute<'GET', Req, Res> => ({ method: 'GET', path });
const post = <Res = unknown, Req = unknown>(path: string): ApiRoute<'POST', Req, Res> => ({ method: 'POST', path });

/** Where every API path starts (the dev proxy, the service worker's "never cache" rule). */
export const API_PREFIX = '/api/';
/** The console's paths all start here (its SWR keys are refreshed together after a write). */
export const ADMIN_PREFIX = '/api/admin';

/** The price table's row kinds: each has a create and an update route of its own. */
export const PRICE_ROW_KINDS = ['services', 'conditions', 'options'] as const;

export const routes = {
  // ---- account: sign-up, sign-in, session ----
  userRegister: post<AuthResult>('/api/user/reg'),
  userPwdLogin: post<AuthResult, { phone: string; password: string }>('/api/user/pwd-login'),
  userResetPwd: post<unknown, { phone: string; password: string; verifyCode: string }>('/api/user/reset-pwd'),
  userSendSmsCode: post<unknown, { phone: string; type: number }>('/api/user/send-sms-code'),
  userLogout: post('/api/user/logout'),
  /** A logout kept while offline: only the token's SHA-256 (src/lib/pending-logout.ts, the service worker). */
  userLogoutHash: post<unknown, { tokenHash: string }>('/api/user/logout-hash'),
  userData: get<UserData>('/api/user/user-data'),
  userUpdateAvatar: post<UserData, { avatar: string }>('/api/user/update-avatar'),
  userPrivacyConsent: post<UserData, { version: string }>('/api/user/privacy-consent'),
  userDevices: get('/api/user/devices'),
  userDeviceLogout: post<Record<string, never>, { id: number }>('/api/user/devices/logout'),
  userDevicesLogoutOthers: post<{ count: number }>('/api/user/devices/logout-others'),
  userRecommendList: get<Page<InvitedUser>>('/api/user/recommend/list'),
  userDeleteAccount: post<{ plansStopped: number; forfeited: number }, { verifyCode: string }>('/api/user/delete-account'),
  userDataExport: get('/api/user/data-export'),
  serviceInfo: get<ServiceInfo>('/api/wechat/qr-code'),

  // ---- announcements ----
  announcement: get('/api/Announcement/get'),
  announcementBanner: get('/api/Announcement/banner'),

  // ---- plans: config, publish, manage, templates, item lookup ----
  planConfig: get<PlanConfig>('/api/plan/config'),
  planConfigFullData: get<PlanConfig[]>('/api/plan/config/full-data'),
  planDeepCondition: get('/api/plan/deep-condition/data'),
  planCreate: post<CreatedPlan, PlanForm>('/api/plan/create'),
  planCounts: get<PlanCounts>('/api/plan/count-data'),
  planList: get<Page<PlanRow>>('/api/plan/manage/list'),
  planDetail: get<PlanDetail>('/api/plan/manage/detail'),
  planStop: post<{ results: StopResult[] }, { ids: number[] }>('/api/plan/manage/stop'),
  planDelete: post<{ results: DeleteResult[] }, { ids: number[] }>('/api/plan/manage/delete'),
  planExport: get('/api/plan/manage/export'),
  templateGenerate: post<TemplateRow>('/api/plan/template/generate'),
  templateList: get<Page<TemplateRow>>('/api/plan/template/list'),
  templateUpdate: post<TemplateRow>('/api/plan/template/update'),
  templateDelete: post<unknown, { id: number }>('/api/plan/template/delete'),
  templatePublish: post<CreatedPlan, { id: number; startDate: string }>('/api/plan/template/publish'),
  itemGet: get<ItemInfo>('/api/item/get'),
  itemPddGet: get<ItemInfo>('/api/item/pdd/get'),
  itemPddStoreName: get<{ shopName?: string | null }>('/api/item/pdd/store-name'),

  // ---- goods, orders, payment ----
  goods: get<Goods[]>('/api/god/get'),
  memberLevels: get<MemberLevelInfo[]>('/api/god/member-levels'),
  payTypes: get<PayTypeOption[]>('/api/pay/types'),
  /** The sandbox cashier's confirm; the app takes its URL from the order answer (pay.sandboxUrl). */
  paySandboxConfirm: post<OrderRow & { changed: boolean }>('/api/pay/sandbox/:orderNo/confirm'),
  orderCreate: post<OrderRow>('/api/order/create'),
  orderCancel: post<OrderRow, { orderNo: string }>('/api/order/cancel'),
  /** type=record: orders; type=integral-details: the points ledger. */
  orderList: get<Page<OrderRow> | Page<LedgerRow>>('/api/order/list'),
  orderDetail: get<OrderRow>('/api/order/detail'),

  // ---- files, health, development ----
  file: get('/api/files/:id'),
  healthz: get('/api/healthz'),
  readyz: get('/api/readyz'),
  /** Development and tests only (the console SMS provider's outbox). */
  devSmsOutbox: get('/api/dev/sms-outbox'),

  // ---- the operator console (/admin) ----
  adminMe: get<ConsoleMe>('/api/admin/me'),
  adminOrders: get<Page<ConsoleOrder>>('/api/admin/orders'),
  adminOrderConfirm: post<{ changed: boolean; order: OrderRow }>('/api/admin/orders/:orderNo/confirm'),
  adminOrderCancel: post<OrderRow>('/api/admin/orders/:orderNo/cancel'),
  adminUsers: get<Page<ConsoleUser>>('/api/admin/users'),
  adminUser: get<ConsoleUserDetail>('/api/admin/users/:phone'),
  adminUserPoints: post<{ before: number; after: number }>('/api/admin/users/:phone/points'),
  adminUserMember: post<ConsoleUser>('/api/admin/users/:phone/member'),
  adminUserDisable: post<ConsoleUser>('/api/admin/users/:phone/disable'),
  adminUserEnable: post<ConsoleUser>('/api/admin/users/:phone/enable'),
  adminUserDelete: post<{ userId: number; forfeited: number }>('/api/admin/users/:phone/delete'),
  adminUserLogoutAll: post<{ ended: number }>('/api/admin/users/:phone/logout-all'),
  adminUserRole: post<ConsoleUser>('/api/admin/users/:phone/role'),
  adminUserContact: post<ConsoleUser>('/api/admin/users/:phone/contact'),
  adminStats: get<DayStats[]>('/api/admin/stats'),
  adminStaff: get('/api/admin/staff'),
  adminGoods: get('/api/admin/goods'),
  adminGoodsCreate: post('/api/admin/goods'),
  adminGoodsUpdate: post('/api/admin/goods/:id'),
  adminPriceTable: get('/api/admin/plan-configs'),
  /** `:kind` is one of PRICE_ROW_KINDS. */
  adminPriceRowCreate: post('/api/admin/plan-configs/:kind'),
  adminPriceRowUpdate: post('/api/admin/plan-configs/:kind/:id'),
  adminContacts: get('/api/admin/contacts'),
  adminContactCreate: post('/api/admin/contacts'),
  adminContactUpdate: post('/api/admin/contacts/:id'),
  adminCollectAccounts: post('/api/admin/collect-accounts/:id'),
  adminFiles: post<{ url: string }>('/api/admin/files'),
  adminAnnouncements: get('/api/admin/announcements'),
  adminAnnouncementCreate: post('/api/admin/announcements'),
  adminAnnouncementUpdate: post('/api/admin/announcements/:id'),
  adminAudit: get<Page<AuditEntry>>('/api/admin/audit'),
  adminReconciliation: get<ReconciliationReport[]>('/api/admin/reconciliation'),
} as const;

export type RouteName = keyof typeof routes;
export type AnswerOf<R> = R extends ApiRoute<HttpMethod, unknown, infer A> ? A : never;

/**
 * The entry's path with its `:name` segments filled in (each value URL-encoded); a segment not given
 * stays a parameter (the server registers the price table's routes one row kind at a time).
 */
export function pathOf(route: ApiRoute, params: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (segment, name: string) => (name in params ? encodeURIComponent(String(params[name])) : segment));
}
