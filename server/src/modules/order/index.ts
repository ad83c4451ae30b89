/** The order module: owns the orders, reconciliation_reports and reconciliation_attempts tables (buying goods, resuming and cancelling: orders.ts; paying once, expiry, gateway reports: settlement.ts; daily bills: reconcile.ts). */
export { orderRoutes, type OrderRoutesOptions } from './routes.ts';
export { getOwnOrder, listedPayTypes } from './orders.ts';
export { closeAtGateways, expireDueOrders, payOrder, settleGatewayPayment, startExpirySweep, type PayResult } from './settlement.ts';
export { isOnlinePayType, withoutSimulated } from './payment.ts';
export { orderNoField } from './input.ts';
export { confirmOrderCommand } from './ops.ts';
export type {
  Bill,
  BillEntry,
  OnlinePayType,
  OrderPayments,
  PaymentGateway,
  PaymentInstructions,
  PaymentRequest,
  VerifiedPayment,
} from './payment.ts';
export {
  cancelPendingOrder,
  cancelPendingOrdersOf,
  listHeldPayments,
  listOrdersForConsole,
  markHeldPaymentRefunded,
  orderOwnerId,
  ordersOf,
  paidOrdersPerDay,
  recentOrdersOf,
  type ConsoleOrderQuery,
} from './console.ts';
export { ORDER_NO_PATTERN } from './input.ts';
export { orderCreditFindings, paidMemberPurchasesOf } from './verify.ts';
export {
  latestReconciliationReports,
  reconcileDay,
  reconcileDueDays,
  reconciliationState,
  retryDelay,
  startDailyReconciliation,
  type OnReconciledPayment,
} from './reconcile.ts';
