/** An order row as the API answers it. */
import {
  ORDER_CANCEL_REASON_LABELS,
  ORDER_CANCEL_REASONS,
  ORDER_STATUS_LABELS,
  PAY_TYPE_LABELS,
  type OrderCancelReason,
  type OrderStatus,
  type PayType,
} from '../../../../common/domain.ts';
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
    ...cancelReasonOf(row),
  };
}

const isCancelReason = (value: string | null): value is OrderCancelReason =>
  (ORDER_CANCEL_REASONS as readonly (string | null)[]).includes(value);

function cancelReasonOf(row: OrderRecord): Pick<OrderRow, 'cancelReason' | 'cancelReasonText'> {
  if (row.status !== 'cancelled' || !isCancelReason(row.cancelReason)) return {};
  return { cancelReason: row.cancelReason, cancelReasonText: ORDER_CANCEL_REASON_LABELS[row.cancelReason] };
}
