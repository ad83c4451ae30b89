/**
 * `ops verify`: the money invariants, each checked by the module that owns its tables (points:
 * balances against the ledger; order: points orders credited once, no recharge without its order;
 * plan: charged once, refunded at most the unspent part, no booking without its plan; user:
 * memberships backed by paid member orders or audited settings, matched by account id), composed
 * here with the account's phone. Every check reads the database in keyset batches and yields its
 * findings as it goes, so memory stays bounded by the batch size whatever the database holds
 * (`npm run bench:verify` measures it); the report shows the first REPORT_LIMIT findings and counts
 * the rest. The API test suite runs it on every database it leaves.
 */
import type { Executor } from '../db/client.ts';
import { auditedMembershipSettings } from '../modules/admin/index.ts';
import { orderCreditFindings, paidMemberPurchasesOf } from '../modules/order/index.ts';
import { planChargeFindings, planCountFindings } from '../modules/plan/index.ts';
import { balanceFindings, VERIFY_BATCH, type MoneyFinding } from '../modules/points/index.ts';
import { membershipFindings, phonesOf, type MembershipEvent } from '../modules/user/index.ts';

export interface AccountFinding {
  userId: number;
  phone: string;
  message: string;
}

/** How many findings the report lists (it counts them all). */
export const REPORT_LIMIT = 200;

/** The purchases and staff settings of these accounts, by account id. */
const membershipEventsOf =
  (db: Executor) =>
  async (userIds: number[]): Promise<MembershipEvent[]> => {
    const [purchases, settings] = await Promise.all([paidMemberPurchasesOf(db, userIds), auditedMembershipSettings(db, userIds)]);
    return [...purchases.map((p) => ({ kind: 'purchase' as const, ...p })), ...settings.map((s) => ({ kind: 'set' as const, ...s }))];
  };

/** Findings with the account's phone, a chunk at a time. */
async function* named(db: Executor, findings: AsyncGenerator<MoneyFinding>): AsyncGenerator<AccountFinding> {
  let chunk: MoneyFinding[] = [];
  const flush = async function* () {
    const phones = await phonesOf(
      db,
      chunk.map((f) => f.userId),
    );
    for (const f of chunk) yield { ...f, phone: phones.get(f.userId) ?? `用户 #${f.userId}` };
    chunk = [];
  };
  for await (const finding of findings) {
    chunk.push(finding);
    if (chunk.length >= 100) yield* flush();
  }
  yield* flush();
}

/** Every finding, check after check, streamed. */
export async function* streamMoneyFindings(db: Executor, batchSize = VERIFY_BATCH): AsyncGenerator<AccountFinding> {
  yield* named(db, balanceFindings(db, batchSize));
  yield* named(db, orderCreditFindings(db, batchSize));
  yield* named(db, planChargeFindings(db, batchSize));
  yield* named(db, planCountFindings(db, batchSize));
  yield* named(db, membershipFindings(db, membershipEventsOf(db), batchSize));
}

/** Every finding, collected (the tests' databases are small). */
export async function moneyFindings(db: Executor): Promise<AccountFinding[]> {
  const all: AccountFinding[] = [];
  for await (const finding of streamMoneyFindings(db)) all.push(finding);
  return all;
}

/** How many findings, and the first `limit` of them: what `ops verify` prints. */
export async function verifySummary(db: Executor, limit = REPORT_LIMIT): Promise<{ count: number; shown: AccountFinding[] }> {
  let count = 0;
  const shown: AccountFinding[] = [];
  for await (const finding of streamMoneyFindings(db)) {
    if (count++ < limit) shown.push(finding);
  }
  return { count, shown };
}

/** The report: one line per finding shown (and how many more there are), or the all-clear. */
export function verifyReport(findings: AccountFinding[], count = findings.length): string {
  if (count === 0) return '核对通过：积分余额、积分明细、订单入账、计划扣费与退还、会员均一致';
  const more = count > findings.length ? [`  ……另有 ${count - findings.length} 处未列出`] : [];
  return [`核对发现 ${count} 处不一致：`, ...findings.map((f) => `  ${f.phone}：${f.message}`), ...more].join('\n');
}
