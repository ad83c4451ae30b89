/**
 * One order as the server has it: read again every ORDER_POLL_MS while it is pending, and, once it
 * is paid, the user data (balance, level) and the order lists are refreshed before `settled` turns
 * true, so a success message never quotes the old balance. A paid order also brings the home page's
 * install card back if it was dismissed.
 */
import useSWR, { useSWRConfig } from 'swr';
import type { OrderRow } from '@common/api-types';
import { offerInstallAgain } from '@/lib/install-offer';
import { refreshCurrentUser } from '@/lib/session';
import { fetchOrder, isOrderListKey, orderDetailKey } from '../api';

/** How often a pending order is re-read. */
export const ORDER_POLL_MS = 2000;

export function useOrder(created: OrderRow) {
  const { mutate: mutateCache } = useSWRConfig();
  const { data, mutate } = useSWR<OrderRow>(orderDetailKey(created.orderNo), () => fetchOrder(created.orderNo), {
    fallbackData: created,
    revalidateOnMount: false,
    refreshInterval: (latest) => ((latest ?? created).status === 'pending' ? ORDER_POLL_MS : 0),
  });
  const order = data ?? created;
  const paid = order.status === 'paid';
  // keyed by the order: runs once per paid order, however often the component renders
  const settling = useSWR(
    paid ? ['order-paid-refresh', order.orderNo] : null,
    () => {
      offerInstallAgain();
      return Promise.all([refreshCurrentUser(), mutateCache(isOrderListKey)]).then(() => true);
    },
    {
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
    },
  );
  return {
    order,
    /** Paid, and what it changed has been re-read. */
    settled: paid && !settling.isLoading,
    /** Replace the order with an answer that already carries its new state (the sandbox confirm). */
    update: (next: OrderRow) => mutate(next, { revalidate: false }),
  };
}
