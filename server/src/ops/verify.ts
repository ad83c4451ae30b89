/**
 * `ops verify`: the money invariants, each checked by the module that owns its tables (points:
 * balances against the ledger; order: points orders credited once; plan: charged once, refunded at
 * most the unspent part; user: memberships backed by paid member orders or audited settings),
 * composed here with the account's phone. The API test suite runs it on every database it leaves.
 */
import type { Executor } from '../db/client.ts';
import { auditedMembershipSettings } from '../modules/admin/index.ts';
import { orderCreditFindings, paidMemberPurchases } from '../modules/order/index.ts';
import { planChargeFindings } from '../modules/plan/index.ts';
import { balanceFindings } from '../modules/points/index.ts';
import { membershipFindings, phonesOf, type MembershipEvent } from '../modules/user/index.ts';

export interface AccountFinding {
  userId: number;
  phone: string;
  message: string;
}

export async function moneyFindings(db: Executor): Promise<AccountFinding[]> {
  const [purchases, settings] = await Promise.all([paidMemberPurchases(db), auditedMembershipSettings(db)]);
  const events: MembershipEvent[] = [
    ...purchases.map((p) => ({ kind: 'purchase' as const, ...p })),
    ...settings.map((s) => ({ kind: 'set' as const, ...s })),
  ];
  const findings = [
    ...(await balanceFindings(db)),
    ...(await orderCreditFindings(db)),
    ...(await planChargeFindings(db)),
    ...(await membershipFindings(db, events)),
  ];
  const phones = await phonesOf(
    db,
    findings.map((f) => f.userId),
  );
  return findings.map((f) => ({ ...f, phone: phones.get(f.userId) ?? `用户 #${f.userId}` }));
}

/** The report: one line per finding, or the all-clear. */
export function verifyReport(findings: AccountFinding[]): string {
  if (findings.length === 0) return '核对通过：积分余额、积分明细、订单入账、计划扣费与退还、会员均一致';
  return [`核对发现 ${findings.length} 处不一致：`, ...findings.map((f) => `  ${f.phone}：${f.message}`)].join('\n');
}
