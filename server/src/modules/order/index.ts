/** The order module: owns the orders table (buying goods, resuming and cancelling, paying once, expiry). */
export { orderRoutes, type OrderRoutesOptions } from './routes.ts';
export { expireDueOrders, getOwnOrder, isOnlinePayType, listedPayTypes, payOrder, settleGatewayPayment, startExpirySweep } from './orders.ts';
export { orderNoField } from './input.ts';
export { confirmOrderCommand } from './ops.ts';
export type { BillPayment, OnlinePayType, OrderPayments, PaymentGateway, PaymentInstructions, PaymentRequest, VerifiedPayment } from './payment.ts';
export { allOrdersOf, cancelPendingOrder, cancelPendingOrdersOf, listOrdersForConsole, paidOrdersPerDay, recentOrdersOf, type ConsoleOrderQuery } from './console.ts';
export { ORDER_NO_PATTERN } from './input.ts';
export { orderCreditFindings, paidMemberPurchases } from './verify.ts';
export { latestReconciliationReports, reconcileDay, startDailyReconciliation, type OnReconciledPayment } from './reconcile.ts';
