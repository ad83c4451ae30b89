/**
 * Where a payment starts (a new order, or "continue paying"). The payment view (OrderPayment: its
 * result, descriptions and pay instructions) is shown only once an order exists, so its code loads
 * then: `loadOrderPayment()` starts it beside the order request.
 */
import type { OrderRow } from '@common/api-types';
import { lazyPart } from '@/lib/lazy-part';
import { openServiceModal } from '@/lib/ui-events';

export const loadOrderPayment = () => import('./OrderPayment');
export const OrderPayment = lazyPart(loadOrderPayment);

/** A contact-staff order opens the 运营咨询 dialog at once. */
export function startPayment(order: OrderRow): OrderRow {
  if (order.status === 'pending' && order.pay?.kind === 'staff') openServiceModal();
  return order;
}
