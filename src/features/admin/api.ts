/** Calls of the operator console (/api/admin/*). Lists are SWR hooks; writes answer the changed row. */
import useSWR, { mutate } from 'swr';
import type { AuditEntry, ConsoleMe, ConsoleOrder, ConsoleUser, ConsoleUserDetail, DayStats, ReconciliationReport } from '@common/admin-types';
import type { OrderRow, Page } from '@common/api-types';
import { apiPost, apiUpload, type Query } from '@/lib/api';

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

const ADMIN = '/api/admin';
/** Every console list key, re-fetched after any write (the console is small; staleness costs more than a refetch). */
const refreshAll = () => mutate((key) => (Array.isArray(key) ? key[0] : key)?.toString().startsWith(ADMIN));

async function write<T>(path: string, body?: unknown): Promise<T> {
  const result = await apiPost<T>(`${ADMIN}${path}`, body);
  await refreshAll();
  return result;
}

export const useConsoleMe = () => useSWR<ConsoleMe>(`${ADMIN}/me`, { shouldRetryOnError: false });
export const useConsoleOrders = (q: Query) => useSWR<Page<ConsoleOrder>>([`${ADMIN}/orders`, q] as const, { keepPreviousData: true });
export const useConsoleUsers = (q: Query) => useSWR<Page<ConsoleUser>>([`${ADMIN}/users`, q] as const, { keepPreviousData: true });
export const useConsoleUser = (phone: string) => useSWR<ConsoleUserDetail>(`${ADMIN}/users/${phone}`);
export const useGoodsList = () => useSWR<GoodsRecord[]>(`${ADMIN}/goods`);
export const usePriceTable = () => useSWR<PriceTableTree>(`${ADMIN}/plan-configs`);
export const useContacts = (enabled = true) => useSWR<Contact[]>(enabled ? `${ADMIN}/contacts` : null);
export const useAnnouncements = () => useSWR<Announcement[]>(`${ADMIN}/announcements`);
export const useAudit = (q: Query) => useSWR<Page<AuditEntry>>([`${ADMIN}/audit`, q] as const, { keepPreviousData: true });
export const useReconciliation = () => useSWR<ReconciliationReport[]>(`${ADMIN}/reconciliation`);
export const useStats = (q: Query) => useSWR<DayStats[]>([`${ADMIN}/stats`, q] as const, { keepPreviousData: true });

export const confirmOrder = (orderNo: string, remark: string) => write<{ changed: boolean; order: OrderRow }>(`/orders/${orderNo}/confirm`, { remark });
export const cancelOrder = (orderNo: string, remark: string) => write<OrderRow>(`/orders/${orderNo}/cancel`, { remark });

export const adjustPoints = (phone: string, delta: number, remark: string) => write<{ before: number; after: number }>(`/users/${phone}/points`, { delta, remark });
export const setMember = (phone: string, level: number, deadline: string | null) => write<ConsoleUser>(`/users/${phone}/member`, { level, deadline });
export const disableUser = (phone: string, remark: string) => write<ConsoleUser>(`/users/${phone}/disable`, { remark });
export const enableUser = (phone: string, remark: string) => write<ConsoleUser>(`/users/${phone}/enable`, { remark });
/** 注销 at the owner's request made through support (audited): the same deletion as the user's own. */
export const deleteUser = (phone: string, remark: string) => write<{ userId: number; forfeited: number }>(`/users/${phone}/delete`, { remark });
export const logoutAll = (phone: string) => write<{ ended: number }>(`/users/${phone}/logout-all`);
export const setRole = (phone: string, role: 'operator' | 'admin' | null) => write<ConsoleUser>(`/users/${phone}/role`, { role });
export const assignContact = (phone: string, operatorId: number | null) => write<ConsoleUser>(`/users/${phone}/contact`, { operatorId });

export const saveGoods = (id: number | null, body: Partial<GoodsRecord>) => write<GoodsRecord>(id ? `/goods/${id}` : '/goods', body);
export const savePriceRow = (kind: 'services' | 'conditions' | 'options', id: number | null, body: Record<string, unknown>) =>
  write(id ? `/plan-configs/${kind}/${id}` : `/plan-configs/${kind}`, body);
export const saveContact = (id: number | null, body: Partial<Contact>) => write<Contact>(id ? `/contacts/${id}` : '/contacts', body);
export const saveCollectAccounts = (id: number, body: Pick<Partial<Contact>, 'alipayCollectQr' | 'wxpayCollectQr' | 'bankAccount'>) =>
  write<Contact>(`/collect-accounts/${id}`, body);
export const saveAnnouncement = (id: number | null, body: Partial<Announcement>) => write<Announcement>(id ? `/announcements/${id}` : '/announcements', body);
export const uploadImage = (file: File) => apiUpload<{ url: string }>(`${ADMIN}/files`, file);
