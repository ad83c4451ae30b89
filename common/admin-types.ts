/** Wire shapes of the operator console API (/api/admin/*), shared by the server and the console screens. */
import type { LedgerRow, OrderRow, Page, PlanRow } from './api-types.ts';

export type ConsoleRole = 'operator' | 'admin';

/**
 * The console's lists show at most this many pages (the total counts only up to them, marked
 * `totalCapped`); past them the filters find the rows: no call pages or counts a whole table.
 */
export const CONSOLE_MAX_PAGE = 100;

export interface ConsoleUser {
  id: number;
  phone: string;
  role: ConsoleRole | null;
  integral: number;
  memberLevel: number;
  memberLevelDesc: string;
  memberDeadline: string | null;
  operatorId: number | null;
  disabled: boolean;
  /** The account was deleted (注销): its phone is a placeholder, only its orders and ledger remain. */
  deleted: boolean;
  createdAt: string;
}

/** GET /api/admin/users/{phone} */
export interface ConsoleUserDetail {
  user: ConsoleUser;
  ledger: Page<LedgerRow>;
  orders: OrderRow[];
  plans: PlanRow[];
  sessions: { live: number; lastLoginAt: string | null };
}

/** A row of GET /api/admin/orders: the order plus whose it is. */
export interface ConsoleOrder extends OrderRow {
  userId: number;
  phone: string;
  /** The owner's console role: an operator may confirm or cancel only ordinary users' orders. */
  ownerRole: ConsoleRole | null;
  /** The gateway's trade number of a paid online order (支付宝交易号 / 微信支付订单号), null otherwise or while unknown. */
  providerTradeNo: string | null;
}

export interface AuditEntry {
  id: number;
  /** A masked phone (`#<id>` once that account is deleted), or `cli` / `reconcile`. */
  actor: string;
  /** The acting account, null for the command line and reconciliation. */
  actorId: number | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  clientAddress: string | null;
  createdAt: string;
}

/** One business day of GET /api/admin/stats. */
export interface DayStats {
  day: string;
  newUsers: number;
  /** Per pay type code: paid orders and their amount in fen. */
  paid: Record<string, { orders: number; amount: number }>;
  paidOrders: number;
  paidAmount: number;
  pointsSpent: number;
  plansCreated: number;
}

/** GET /api/admin/me */
export interface ConsoleMe {
  phone: string;
  role: ConsoleRole;
}

/**
 * A gateway payment for an order of a deleted account (注销): never credited, it waits as a refund
 * to make until staff mark it refunded (GET /api/admin/refunds; amounts in fen).
 */
export interface ConsoleHeldPayment {
  orderNo: string;
  /** The deleted account (its phone is gone: the console shows 已注销用户 #id). */
  userId: number;
  amount: number;
  payType: number;
  payTypeText: string;
  providerTradeNo: string | null;
  receivedAt: string;
  refundedAt: string | null;
  refundedBy: string | null;
  refundRemark: string | null;
}

/** A difference between our orders and a gateway's daily bill (amounts in fen). */
export interface ReconciliationDifference {
  /**
   * missing_at_gateway: paid here, absent from the bill; amount_differs: both have it, amounts
   * differ; unknown_order: in the bill, not an order of ours; paid_twice: the bill lists a second
   * payment of the order; trade_no_differs: the bill's trade number is not the one that paid it here;
   * refunded_at_gateway / revoked_at_gateway: the gateway gave money back (a refund made in its
   * console, a payment reversed), while the points or membership stay credited here;
   * unreadable_row: a bill row that could not be read (the note quotes it); refund_due: paid at the
   * gateway for an order of a deleted account, held (never credited) as a refund to make.
   */
  kind:
    | 'missing_at_gateway'
    | 'amount_differs'
    | 'unknown_order'
    | 'paid_twice'
    | 'trade_no_differs'
    | 'refunded_at_gateway'
    | 'revoked_at_gateway'
    | 'unreadable_row'
    | 'refund_due';
  /** Empty for an unreadable row. */
  orderNo: string;
  ours: number | null;
  theirs: number | null;
  /** The gateway's trade or refund number, or the unreadable row. */
  note?: string;
}

/** The last reconciliation of one gateway and day (对账). */
export interface ReconciliationReport {
  gateway: 'alipay' | 'wechat';
  /** Beijing day of the bill, YYYY-MM-DD. */
  day: string;
  billPayments: number;
  /** Orders paid at the gateway but not here, credited by this reconciliation. */
  credited: string[];
  differences: ReconciliationDifference[];
  createdAt: string;
}

/** A platform's product API as the console shows it (商品接口). */
export interface ItemProviderState {
  platform: 'taobao' | 'jd' | 'pdd';
  /** Its settings are given (otherwise sellers type the product by hand). */
  enabled: boolean;
  /** Origin of its gateway, when enabled. */
  gateway: string | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  /** throttled, auth, timeout, network, bad_answer or refused. */
  lastFailureCause: string | null;
  lastFailure: string | null;
  /** Set while it has failed without a success since. */
  failingSince: string | null;
  failingSeconds: number;
}
