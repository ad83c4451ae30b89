/** Wire shapes of the operator console API (/api/admin/*), shared by the server and the console screens. */
import type { LedgerRow, OrderRow, Page, PlanRow } from './api-types.ts';

export type ConsoleRole = 'operator' | 'admin';

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
}

export interface AuditEntry {
  id: number;
  actor: string;
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

/** A difference between our orders and a gateway's daily bill (amounts in fen). */
export interface ReconciliationDifference {
  /** missing_at_gateway: paid here, absent from the bill; amount_differs: both have it, amounts differ; unknown_order: in the bill, not an order of ours. */
  kind: 'missing_at_gateway' | 'amount_differs' | 'unknown_order';
  orderNo: string;
  ours: number | null;
  theirs: number | null;
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
