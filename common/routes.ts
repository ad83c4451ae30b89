/**
 * The route contract: every API call, said once. Both sides import it as a namespace (the app as
 * `import * as routes from '@common/routes'`, the server by its relative path,
 * `import * as routes from '../../../../common/routes.ts'`): the server registers each route from its
 * entry (`app.post(routes.planCreate.path, …)`), the app calls through the same entry (src/lib/api.ts
 * takes an entry or a path made from one), and tests/contract/routes.test.ts fails when an entry is
 * not registered with its method. No '/api/' string is written anywhere else in src/ nor in the server's
 * routes files (npm run lint). Each entry is a plain constant, so a bundle keeps only those it uses.
 *
 * The second and third type parameters are the request (query or body) and the answer, where the
 * shared types say them (common/api-types.ts, common/admin-types.ts); src/lib/api.ts infers the
 * answer from the entry. `:name` segments are path parameters (`pathOf`).
 *
 * Named exceptions: registered by the server but never called by the app, the payment gateways'
 * notifications (pay/providers.ts NOTIFY_PATHS), /metrics (not under /api) and the SPA fallback; and
 * the sandbox cashier's confirm (paySandboxConfirm), which the app's API client does call, but at the
 * URL the order answer gives (pay.sandboxUrl), not one it makes from the entry.
 */
import type {
  ConsoleHeldPayment,
  ConsoleMe,
  ConsoleOrder,
  ConsoleUser,
  ConsoleUserDetail,
  AuditEntry,
  DayStats,
  ReconciliationReport,
  ItemProviderState,
} from './admin-types.ts';
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

/** A GET entry answering Res (its query: Req); a POST entry likewise (its body: Req). */
type Get<Res = unknown, Req = unknown> = ApiRoute<'GET', Req, Res>;
type Post<Res = unknown, Req = unknown> = ApiRoute<'POST', Req, Res>;

/** Where every API path starts (the dev proxy, the service worker's "never cache" rule). */
export const API_PREFIX = '/api/';
/** The console's paths all start here (its SWR keys are refreshed together after a write). */
export const ADMIN_PREFIX = '/api/admin';

/** The price table's row kinds: each has a create and an update route of its own. */
export const PRICE_ROW_KINDS = ['services', 'conditions', 'options'] as const;

// ---- account: sign-up, sign-in, session ----
export const userRegister: Post<AuthResult> = { method: 'POST', path: '/api/user/reg' };
export const userPwdLogin: Post<AuthResult, { phone: string; password: string }> = { method: 'POST', path: '/api/user/pwd-login' };
export const userResetPwd: Post<unknown, { phone: string; password: string; verifyCode: string }> = {
  method: 'POST',
  path: '/api/user/reset-pwd',
};
export const userSendSmsCode: Post<unknown, { phone: string; type: number }> = { method: 'POST', path: '/api/user/send-sms-code' };
export const userLogout: Post = { method: 'POST', path: '/api/user/logout' };
/** A logout kept while offline: only the token's SHA-256 (src/lib/pending-logout.ts, the service worker). */
export const userLogoutHash: Post<unknown, { tokenHash: string }> = { method: 'POST', path: '/api/user/logout-hash' };
export const userData: Get<UserData> = { method: 'GET', path: '/api/user/user-data' };
export const userUpdateAvatar: Post<UserData, { avatar: string }> = { method: 'POST', path: '/api/user/update-avatar' };
export const userPrivacyConsent: Post<UserData, { version: string }> = { method: 'POST', path: '/api/user/privacy-consent' };
export const userDevices: Get = { method: 'GET', path: '/api/user/devices' };
export const userDeviceLogout: Post<Record<string, never>, { id: number }> = { method: 'POST', path: '/api/user/devices/logout' };
export const userDevicesLogoutOthers: Post<{ count: number }> = { method: 'POST', path: '/api/user/devices/logout-others' };
export const userRecommendList: Get<Page<InvitedUser>> = { method: 'GET', path: '/api/user/recommend/list' };
export const userDeleteAccount: Post<{ plansStopped: number; forfeited: number }, { verifyCode: string }> = {
  method: 'POST',
  path: '/api/user/delete-account',
};
export const userDataExport: Get = { method: 'GET', path: '/api/user/data-export' };
export const serviceInfo: Get<ServiceInfo> = { method: 'GET', path: '/api/wechat/qr-code' };

// ---- announcements ----
export const announcement: Get = { method: 'GET', path: '/api/Announcement/get' };
export const announcementBanner: Get = { method: 'GET', path: '/api/Announcement/banner' };

// ---- plans: config, publish, manage, templates, item lookup ----
export const planConfig: Get<PlanConfig> = { method: 'GET', path: '/api/plan/config' };
export const planConfigFullData: Get<PlanConfig[]> = { method: 'GET', path: '/api/plan/config/full-data' };
export const planDeepCondition: Get = { method: 'GET', path: '/api/plan/deep-condition/data' };
export const planCreate: Post<CreatedPlan, PlanForm> = { method: 'POST', path: '/api/plan/create' };
export const planCounts: Get<PlanCounts> = { method: 'GET', path: '/api/plan/count-data' };
export const planList: Get<Page<PlanRow>> = { method: 'GET', path: '/api/plan/manage/list' };
export const planDetail: Get<PlanDetail> = { method: 'GET', path: '/api/plan/manage/detail' };
export const planStop: Post<{ results: StopResult[] }, { ids: number[] }> = { method: 'POST', path: '/api/plan/manage/stop' };
export const planDelete: Post<{ results: DeleteResult[] }, { ids: number[] }> = { method: 'POST', path: '/api/plan/manage/delete' };
export const planExport: Get = { method: 'GET', path: '/api/plan/manage/export' };
export const templateGenerate: Post<TemplateRow> = { method: 'POST', path: '/api/plan/template/generate' };
export const templateList: Get<Page<TemplateRow>> = { method: 'GET', path: '/api/plan/template/list' };
export const templateUpdate: Post<TemplateRow> = { method: 'POST', path: '/api/plan/template/update' };
export const templateDelete: Post<unknown, { id: number }> = { method: 'POST', path: '/api/plan/template/delete' };
export const templatePublish: Post<CreatedPlan, { id: number; startDate: string }> = { method: 'POST', path: '/api/plan/template/publish' };
export const itemGet: Get<ItemInfo> = { method: 'GET', path: '/api/item/get' };
export const itemPddGet: Get<ItemInfo> = { method: 'GET', path: '/api/item/pdd/get' };
export const itemPddStoreName: Get<{ shopName?: string | null }> = { method: 'GET', path: '/api/item/pdd/store-name' };

// ---- goods, orders, payment ----
export const goods: Get<Goods[]> = { method: 'GET', path: '/api/god/get' };
export const memberLevels: Get<MemberLevelInfo[]> = { method: 'GET', path: '/api/god/member-levels' };
export const payTypes: Get<PayTypeOption[]> = { method: 'GET', path: '/api/pay/types' };
/** The sandbox cashier's confirm; the app takes its URL from the order answer (pay.sandboxUrl). */
export const paySandboxConfirm: Post<OrderRow & { changed: boolean }> = { method: 'POST', path: '/api/pay/sandbox/:orderNo/confirm' };
export const orderCreate: Post<OrderRow> = { method: 'POST', path: '/api/order/create' };
export const orderCancel: Post<OrderRow, { orderNo: string }> = { method: 'POST', path: '/api/order/cancel' };
/** type=record: orders; type=integral-details: the points ledger. */
export const orderList: Get<Page<OrderRow> | Page<LedgerRow>> = { method: 'GET', path: '/api/order/list' };
export const orderDetail: Get<OrderRow> = { method: 'GET', path: '/api/order/detail' };

// ---- files, health, development ----
export const file: Get = { method: 'GET', path: '/api/files/:id' };
export const healthz: Get = { method: 'GET', path: '/api/healthz' };
export const readyz: Get = { method: 'GET', path: '/api/readyz' };
/** Development and tests only (the console SMS provider's outbox). */
export const devSmsOutbox: Get = { method: 'GET', path: '/api/dev/sms-outbox' };

// ---- the operator console (/admin) ----
export const adminMe: Get<ConsoleMe> = { method: 'GET', path: '/api/admin/me' };
export const adminOrders: Get<Page<ConsoleOrder>> = { method: 'GET', path: '/api/admin/orders' };
export const adminOrderConfirm: Post<{ changed: boolean; order: OrderRow }> = {
  method: 'POST',
  path: '/api/admin/orders/:orderNo/confirm',
};
export const adminOrderCancel: Post<OrderRow> = { method: 'POST', path: '/api/admin/orders/:orderNo/cancel' };
export const adminUsers: Get<Page<ConsoleUser>> = { method: 'GET', path: '/api/admin/users' };
export const adminUser: Get<ConsoleUserDetail> = { method: 'GET', path: '/api/admin/users/:phone' };
export const adminUserPoints: Post<{ before: number; after: number }> = { method: 'POST', path: '/api/admin/users/:phone/points' };
export const adminUserMember: Post<ConsoleUser> = { method: 'POST', path: '/api/admin/users/:phone/member' };
export const adminUserDisable: Post<ConsoleUser> = { method: 'POST', path: '/api/admin/users/:phone/disable' };
export const adminUserEnable: Post<ConsoleUser> = { method: 'POST', path: '/api/admin/users/:phone/enable' };
export const adminUserDelete: Post<{ userId: number; forfeited: number }> = { method: 'POST', path: '/api/admin/users/:phone/delete' };
export const adminUserLogoutAll: Post<{ ended: number }> = { method: 'POST', path: '/api/admin/users/:phone/logout-all' };
export const adminUserRole: Post<ConsoleUser> = { method: 'POST', path: '/api/admin/users/:phone/role' };
export const adminUserContact: Post<ConsoleUser> = { method: 'POST', path: '/api/admin/users/:phone/contact' };
export const adminStats: Get<DayStats[]> = { method: 'GET', path: '/api/admin/stats' };
export const adminStaff: Get = { method: 'GET', path: '/api/admin/staff' };
export const adminGoods: Get = { method: 'GET', path: '/api/admin/goods' };
export const adminGoodsCreate: Post = { method: 'POST', path: '/api/admin/goods' };
export const adminGoodsUpdate: Post = { method: 'POST', path: '/api/admin/goods/:id' };
export const adminPriceTable: Get = { method: 'GET', path: '/api/admin/plan-configs' };
/** `:kind` is one of PRICE_ROW_KINDS. */
export const adminPriceRowCreate: Post = { method: 'POST', path: '/api/admin/plan-configs/:kind' };
export const adminPriceRowUpdate: Post = { method: 'POST', path: '/api/admin/plan-configs/:kind/:id' };
export const adminContacts: Get = { method: 'GET', path: '/api/admin/contacts' };
export const adminContactCreate: Post = { method: 'POST', path: '/api/admin/contacts' };
export const adminContactUpdate: Post = { method: 'POST', path: '/api/admin/contacts/:id' };
export const adminCollectAccounts: Post = { method: 'POST', path: '/api/admin/collect-accounts/:id' };
export const adminFiles: Post<{ url: string }> = { method: 'POST', path: '/api/admin/files' };
export const adminAnnouncements: Get = { method: 'GET', path: '/api/admin/announcements' };
export const adminAnnouncementCreate: Post = { method: 'POST', path: '/api/admin/announcements' };
export const adminAnnouncementUpdate: Post = { method: 'POST', path: '/api/admin/announcements/:id' };
export const adminAudit: Get<Page<AuditEntry>> = { method: 'GET', path: '/api/admin/audit' };
export const adminReconciliation: Get<ReconciliationReport[]> = { method: 'GET', path: '/api/admin/reconciliation' };
export const adminRefunds: Get<ConsoleHeldPayment[]> = { method: 'GET', path: '/api/admin/refunds' };
export const adminRefundDone: Post<ConsoleHeldPayment> = { method: 'POST', path: '/api/admin/refunds/:orderNo/done' };
export const adminItemProviders: Get<ItemProviderState[]> = { method: 'GET', path: '/api/admin/item-providers' };

/**
 * The entry's path with its `:name` segments filled in (each value URL-encoded); a segment not given
 * stays a parameter (the server registers the price table's routes one row kind at a time).
 */
export function pathOf(route: ApiRoute, params: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (segment, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : segment,
  );
}
