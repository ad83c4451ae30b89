/** The order module: owns the orders and reconciliation_reports tables (buying goods, resuming and cancelling: orders.ts; paying once, expiry, gateway reports: settlement.ts; daily bills: reconcile.ts). */
export { orderRoutes, type OrderRoutesOptions } from './routes.ts';
export { getOwnOrder, listedPayTypes } from './orders.ts';
export { expireDueOrders, payOrder, settleGatewayPayment, startExpirySweep } from './settlement.ts';
export { isOnlinePayType } from './payment.ts';
export { orderNoField } from './input.ts';
export { confirmOrderCommand } from './ops.ts';
export type {
  BillPayment,
  OnlinePayType,
  OrderPayments,
  PaymentGateway,
  PaymentInstructions,
  PaymentRequest,
  VerifiedPayment,
} from './payment.ts';
export {
  allOrdersOf,
  cancelPendingOrder,
  cancelPendingOrdersOf,
  listOrdersForConsole,
  paidOrdersPerDay,
  recentOrdersOf,
  type ConsoleOrderQuery,
} from './console.ts';
export { ORDER_NO_PATTERN } from './input.ts';
export { orderCreditFindings, paidMemberPurchases } from './verify.ts';
export { latestReconciliationReports, reconcileDay, startDailyReconciliation, type OnReconciledPayment } from './reconcile.ts';
