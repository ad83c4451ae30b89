/** Calls of the operator console (/api/admin/*). Lists are SWR hooks; writes answer the changed row. */
import useSWR, { mutate } from 'swr';
import type {
  AuditEntry,
  ConsoleHeldPayment,
  ConsoleMe,
  ConsoleOrder,
  ConsoleUser,
  ConsoleUserDetail,
  DayStats,
  ReconciliationReport,
  ItemProviderState,
} from '@common/admin-types';
import type { OrderRow, Page } from '@common/api-types';
import { apiPost, apiUpload, type Query } from '@/lib/api';
import { ADMIN_PREFIX, pathOf } from '@common/routes';
import * as routes from '@common/routes';

export interface GoodsRecord {
  id: number;
  type: 'integral' | 'member';
  name: string;
  price: number;
  points: number | null;
  level: number | null;
  days: number | null;
  onSale: boolean;
  sort: number;
}

export interface PriceTableTree {
  services: Array<{ id: number; flowType: string; name: string; integral: number; sort: number; enabled: boolean }>;
  conditions: Array<{ id: number; configId: number; label: string; sort: number }>;
  options: Array<{ id: number; conditionId: number; label: string; integral: number; sort: number }>;
}

export interface Contact {
  id: number;
  nickname: string;
  avatar: string;
  wechatQr: string;
  remark: string;
  alipayCollectQr: string;
  wxpayCollectQr: string;
  bankAccount: string;
  collectPayee: string;
  wechatId: string;
  phone: string;
  isDefault: boolean;
  enabled: boolean;
}

export interface Announcement {
  id: number;
  type: string;
  content: string;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
  createdAt: string;
}

const ADMIN = ADMIN_PREFIX;
/** Every console list key, re-fetched after any write (the console is small; staleness costs more than a refetch). */
const refreshAll = (except?: string) =>
  mutate((key) => {
    const path = (Array.isArray(key) ? key[0] : key)?.toString();
    return path !== except && Boolean(path?.startsWith(ADMIN));
  });

async function write<T>(path: string, body?: unknown): Promise<T> {
  const result = await apiPost<T>(path, body);
  await refreshAll();
  return result;
}

export const useConsoleMe = () => useSWR<ConsoleMe>(routes.adminMe.path, { shouldRetryOnError: false });
export const useConsoleOrders = (q: Query) => useSWR<Page<ConsoleOrder>>([routes.adminOrders.path, q] as const, { keepPreviousData: true });
export const useConsoleUsers = (q: Query) => useSWR<Page<ConsoleUser>>([routes.adminUsers.path, q] as const, { keepPreviousData: true });
export const useConsoleUser = (phone: string) => useSWR<ConsoleUserDetail>(pathOf(routes.adminUser, { phone }));
export const useGoodsList = () => useSWR<GoodsRecord[]>(routes.adminGoods.path);
export const usePriceTable = () => useSWR<PriceTableTree>(routes.adminPriceTable.path);
export const useContacts = (enabled = true) => useSWR<Contact[]>(enabled ? routes.adminContacts.path : null);
export const useAnnouncements = () => useSWR<Announcement[]>(routes.adminAnnouncements.path);
export const useAudit = (q: Query) => useSWR<Page<AuditEntry>>([routes.adminAudit.path, q] as const, { keepPreviousData: true });
export const useReconciliation = () => useSWR<ReconciliationReport[]>(routes.adminReconciliation.path);
export const useRefunds = () => useSWR<ConsoleHeldPayment[]>(routes.adminRefunds.path);
export const useItemProviders = () => useSWR<ItemProviderState[]>(routes.adminItemProviders.path, { refreshInterval: 60_000 });
export const useStats = (q: Query) => useSWR<DayStats[]>([routes.adminStats.path, q] as const, { keepPreviousData: true });

export const confirmOrder = (orderNo: string, remark: string) =>
  write<{ changed: boolean; order: OrderRow }>(pathOf(routes.adminOrderConfirm, { orderNo }), { remark });
export const cancelOrder = (orderNo: string, remark: string) => write<OrderRow>(pathOf(routes.adminOrderCancel, { orderNo }), { remark });

export const adjustPoints = (phone: string, delta: number, remark: string) =>
  write<{ before: number; after: number }>(pathOf(routes.adminUserPoints, { phone }), { delta, remark });
export const setMember = (phone: string, level: number, deadline: string | null) =>
  write<ConsoleUser>(pathOf(routes.adminUserMember, { phone }), { level, deadline });
export const disableUser = (phone: string, remark: string) => write<ConsoleUser>(pathOf(routes.adminUserDisable, { phone }), { remark });
export const enableUser = (phone: string, remark: string) => write<ConsoleUser>(pathOf(routes.adminUserEnable, { phone }), { remark });
/**
 * 注销 at the owner's request made through support (audited): the same deletion as the user's own.
 * The account's page is dropped from the cache, not fetched again: its phone is gone (a 404 toast).
 */
export async function deleteUser(phone: string, remark: string) {
  const result = await apiPost<{ userId: number; forfeited: number }>(pathOf(routes.adminUserDelete, { phone }), { remark });
  const detail = pathOf(routes.adminUser, { phone });
  await mutate(detail, undefined, { revalidate: false });
  await refreshAll(detail);
  return result;
}
export const logoutAll = (phone: string) => write<{ ended: number }>(pathOf(routes.adminUserLogoutAll, { phone }));
export const setRole = (phone: string, role: 'operator' | 'admin' | null) =>
  write<ConsoleUser>(pathOf(routes.adminUserRole, { phone }), { role });
export const assignContact = (phone: string, operatorId: number | null) =>
  write<ConsoleUser>(pathOf(routes.adminUserContact, { phone }), { operatorId });

export const saveGoods = (id: number | null, body: Partial<GoodsRecord>) =>
  write<GoodsRecord>(id ? pathOf(routes.adminGoodsUpdate, { id }) : routes.adminGoodsCreate.path, body);
export const savePriceRow = (kind: 'services' | 'conditions' | 'options', id: number | null, body: Record<string, unknown>) =>
  write(id ? pathOf(routes.adminPriceRowUpdate, { kind, id }) : pathOf(routes.adminPriceRowCreate, { kind }), body);
export const saveContact = (id: number | null, body: Partial<Contact>) =>
  write<Contact>(id ? pathOf(routes.adminContactUpdate, { id }) : routes.adminContactCreate.path, body);
export const saveCollectAccounts = (
  id: number,
  body: Pick<Partial<Contact>, 'alipayCollectQr' | 'wxpayCollectQr' | 'bankAccount' | 'collectPayee'>,
) => write<Contact>(pathOf(routes.adminCollectAccounts, { id }), body);
export const saveAnnouncement = (id: number | null, body: Partial<Announcement>) =>
  write<Announcement>(id ? pathOf(routes.adminAnnouncementUpdate, { id }) : routes.adminAnnouncementCreate.path, body);
export const uploadImage = (file: File) => apiUpload(routes.adminFiles, file);
/** A payment held for a deleted account was refunded at the gateway (admins). */
export const markRefunded = (orderNo: string, remark: string) =>
  write<ConsoleHeldPayment>(pathOf(routes.adminRefundDone, { orderNo }), { remark });
