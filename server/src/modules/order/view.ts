/** An order row as the API answers it. */
import { ORDER_STATUS_LABELS, PAY_TYPE_LABELS, type OrderStatus, type PayType } from '../../../../common/domain.ts';
import type { OrderRow } from '../../../../common/api-types.ts';
import type { AppContext } from '../../http/context.ts';
import type { orders } from './tables.ts';

export type OrderRecord = typeof orders.$inferSelect;
/** What the order functions use of the app context. */
export type OrderCtx = Pick<AppContext, 'db' | 'clock' | 'config'>;

export function toOrderView(row: OrderRecord): OrderRow {
  const status = row.status as OrderStatus;
  const payType = row.payType as PayType;
  return {
    orderNo: row.orderNo,
    goodsName: row.goodsSnapshot.name,
    type: row.type as 'integral' | 'member',
    status,
    statusText: ORDER_STATUS_LABELS[status],
    amount: row.amount,
    payType,
    payTypeText: PAY_TYPE_LABELS[payType],
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    expiresAt: row.expiresAt.toISOString(),
    goods: row.goodsSnapshot,
  };
}
