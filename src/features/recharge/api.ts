/**
 * Calls of the recharge screens: goods and member levels, the pay types offered, order creation
 * and cancel, the sandbox confirm, order detail (polled while waiting for payment), and the two
 * lists of /api/order/list
 * (type=record: orders; type=integral-details: the points ledger).
 */
import useSWR, { preload } from 'swr';
import type { Goods, GoodsType, LedgerRow, MemberLevelInfo, OrderRow, Page, PayScene, PayTypeOption } from '@common/api-types';
import type { PayType } from '@common/domain';
import { apiAction, apiGet, apiPost, swrFetcher, type Query } from '@/lib/api';
import * as routes from '@common/routes';

const goodsKey = (type: GoodsType) => [routes.goods.path, { type }] as const;

export const useGoods = (type: GoodsType) => useSWR<Goods[]>(goodsKey(type));
export const useMemberLevels = () => useSWR<MemberLevelInfo[]>(routes.memberLevels.path);

/** The pay types the server offers this user (gateways configured, transfer details set). */
export const usePayTypes = () => useSWR<PayTypeOption[]>(routes.payTypes.path);

/** scene 'wap' asks for the gateway's phone cashier page (pay.payUrl) instead of a QR code. */
export const createOrder = (goodsId: number, payType: PayType, scene: PayScene) =>
  apiAction(routes.orderCreate, { goodsId, payType, scene });

export const cancelOrder = (orderNo: string) => apiPost(routes.orderCancel, { orderNo });

/** The sandbox "cashier": the URL comes from the order answer (pay.sandboxUrl). */
export const confirmSandboxPayment = (sandboxUrl: string) => apiAction<OrderRow & { changed: boolean }>(sandboxUrl);

export const fetchOrder = (orderNo: string) => apiGet(routes.orderDetail, { orderNo }, { silent: true });
/** The cache key of one order's detail (polled while waiting for its payment). */
export const orderDetailKey = (orderNo: string) => [routes.orderDetail.path, orderNo] as const;

export interface ListFilters extends Query {
  page: number;
  pageSize: number;
  startDate?: string;
  endDate?: string;
  orderNo?: string;
}

const orderRecordsKey = (filters: ListFilters) => [routes.orderList.path, { type: 'record', ...filters }] as const;

export const useOrderRecords = (filters: ListFilters) => useSWR<Page<OrderRow>>(orderRecordsKey(filters), { keepPreviousData: true });

/** Orders in the user centre's "latest orders". */
export const LATEST_ORDER_COUNT = 5;

/**
 * What the recharge pages and the latest-orders widget ask for on their first render, fetched
 * while their code loads (src/app/routes), so the data does not wait for the code.
 */
export const preloadRechargeData = {
  integral: () => Promise.all([preload(goodsKey('integral'), swrFetcher), preload(routes.payTypes.path, swrFetcher)]),
  member: () =>
    Promise.all([
      preload(goodsKey('member'), swrFetcher),
      preload(routes.memberLevels.path, swrFetcher),
      preload(routes.payTypes.path, swrFetcher),
    ]),
};

export const useLedger = (filters: ListFilters) =>
  useSWR<Page<LedgerRow>>([routes.orderList.path, { type: 'integral-details', ...filters }] as const, { keepPreviousData: true });

/** The cache keys of every order list and ledger page (re-fetched after a payment changed them). */
export const isOrderListKey = (key: unknown) => Array.isArray(key) && key[0] === routes.orderList.path;
