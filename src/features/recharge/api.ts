/**
 * Calls of the recharge screens (product §5, wire shapes §5a): goods and member levels, order
 * creation, the sandbox confirm, order detail (polled while waiting for payment), and the two
 * lists of /api/order/list (type=record: orders; type=integral-details: the points ledger).
 */
import useSWR from 'swr';
import type { LedgerKind, OrderStatus, PayType } from '@common/domain';
import { apiGet, apiPost, swrFetcher, type Query } from '@/lib/api';

export type GoodsType = 'integral' | 'member';

export interface Goods {
  id: number;
  type: GoodsType;
  name: string;
  /** Fen. */
  price: number;
  points?: number;
  level?: number;
  days?: number;
}

export interface MemberLevelInfo {
  level: number;
  name: string;
  /** Fraction: 0.95 = 5% off plan costs. */
  discount: number;
}

/** How to pay an order (server: modules/order/orders.ts PayInstructions). */
export type PayInstructions =
  | { kind: 'online'; provider: string; payUrl?: string; qrCode?: string; sandboxUrl?: string }
  | { kind: 'collect'; transferRemark: string; alipayCollectQr?: string; wxpayCollectQr?: string; bankAccount?: string }
  | { kind: 'staff'; transferRemark: string };

export interface Order {
  orderNo: string;
  goodsName: string;
  type: GoodsType;
  status: OrderStatus;
  statusText: string;
  /** Fen. */
  amount: number;
  payType: PayType;
  payTypeText: string;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string;
  goods: Goods;
  pay?: PayInstructions;
}

export interface LedgerRow {
  id: number;
  delta: number;
  balanceAfter: number;
  kind: LedgerKind;
  kindText: string;
  remark: string;
  createdAt: string;
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const ORDER_LIST_PATH = '/api/order/list';
export const ORDER_DETAIL_PATH = '/api/order/detail';

export const useGoods = (type: GoodsType) => useSWR<Goods[]>(['/api/god/get', { type }] as const, swrFetcher);
export const useMemberLevels = () => useSWR<MemberLevelInfo[]>('/api/god/member-levels', swrFetcher);

export const createOrder = (goodsId: number, payType: PayType) => apiPost<Order>('/api/order/create', { goodsId, payType });

/** The sandbox "cashier": the URL comes from the order answer (pay.sandboxUrl). */
export const confirmSandboxPayment = (sandboxUrl: string) => apiPost<Order & { changed: boolean }>(sandboxUrl);

export const fetchOrder = (orderNo: string) => apiGet<Order>(ORDER_DETAIL_PATH, { orderNo }, { silent: true });

export interface ListFilters extends Query {
  page: number;
  pageSize: number;
  startDate?: string;
  endDate?: string;
  orderNo?: string;
}

export const useOrderRecords = (filters: ListFilters) =>
  useSWR<Paged<Order>>([ORDER_LIST_PATH, { type: 'record', ...filters }] as const, swrFetcher, { keepPreviousData: true });

export const useLedger = (filters: ListFilters) =>
  useSWR<Paged<LedgerRow>>([ORDER_LIST_PATH, { type: 'integral-details', ...filters }] as const, swrFetcher, { keepPreviousData: true });
