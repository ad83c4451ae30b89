/**
 * Where a payment starts (a new order, or "continue paying"). The payment view (OrderPayment: its
 * result, descriptions and pay instructions) is shown only once an order exists, so its code loads
 * then: `loadOrderPayment()` starts it beside the order request. It is antd's markup and comes inside
 * antd's provider, as the pages that show it load no antd of their own.
 */
import type { OrderRow } from '@common/api-types';
import { antdProvided } from '@/components/lazy-antd';
import { lazyPart } from '@/lib/lazy-part';
import { openServiceModal } from '@/lib/ui-events';

export const loadOrderPayment = antdProvided(() => import('./OrderPayment'));
export const OrderPayment = lazyPart(loadOrderPayment);

/** A contact-staff order opens the 运营咨询 dialog at once. */
export function startPayment(order: OrderRow): OrderRow {
  if (order.status === 'pending' && order.pay?.kind === 'staff') openServiceModal();
  return order;
}
