/**
 * Account deletion (注销), asked by the user with an SMS code (type 4) or done by an operator on a
 * request made through support (audited, console or `npm run ops -- user:delete <phone>`). One
 * transaction, at once:
 * - the running and pending plans stop through the plan module's stop, refunding their
 *   undispatched part through the ledger as any stop does;
 * - pending orders are cancelled; once the transaction has committed, the online ones are closed
 *   at their gateways (closeDeletedAccountOrders), so their QR codes can no longer be paid; a
 *   payment that still arrives is held as a refund to make, never credited (order module);
 * - what remains of the balance is forfeited through the ledger (kind `forfeit`), so the balance
 *   still equals the sum of the ledger and ends at 0; membership and any console role end;
 * - sessions (with their addresses and devices), item lookup attempts (with theirs), templates,
 *   SMS codes, the rate limits' counters kept per phone and stored idempotent answers are
 *   removed; the users row keeps only placeholders (user module), so the phone may register again
 *   as a new account that inherits nothing;
 * - what the plans say about the seller's business (item link and id, title, image, shop name, price,
 *   keywords) is erased (plan module); a ledger remark quoting the phone loses it (points module);
 *   the audit log names the account by id only (`forgetElsewhere`: the admin module's, handed in
 *   by the caller, since admin depends on this module).
 * Orders, plans (their numbers) and ledger rows stay, for the accounting period, tied to the
 * placeholder row only: docs/privacy.md lists what remains and why.
 */
import type { Tx } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { API_MESSAGES } from '../../http/messages.ts';
import { forgetIdempotencyAnswersOf } from '../../http/idempotency-retention.ts';
import { forgetRateLimitKey } from '../../http/rate-limit.ts';
import type { Logger } from '../../lib/logger.ts';
import { forgetLookupAttemptsOf } from '../item/index.ts';
import { cancelPendingOrdersOf, closeAtGateways, type OrderPayments } from '../order/index.ts';
import { erasePlanTextsOf, stopAllPlansOf } from '../plan/index.ts';
import { changePoints, forgetPhoneInRemarks, pointsBalance } from '../points/index.ts';
import { forgetSessionsOf } from '../session/index.ts';
import { forgetPhone } from '../sms/index.ts';
import { removeTemplatesOf } from '../template/index.ts';
import { eraseUserIdentity, lockLiveUser } from '../user/index.ts';

const ACCOUNT_GONE = API_MESSAGES.account.gone;

export interface ClosedAccount {
  userId: number;
  plansStopped: number;
  /** Points the stops refunded before the balance was forfeited. */
  refunded: number;
  forfeited: number;
  ordersCancelled: string[];
  /** The cancelled orders with their pay types: the online ones are closed at their gateways after commit. */
  cancelledOrders: Array<{ orderNo: string; payType: number }>;
}

type Ctx = Pick<AppContext, 'clock' | 'config'>;

/** What a module this one cannot import keeps about the account and must forget with it (the audit log). */
export type ForgetAccount = (tx: Tx, account: { userId: number; phone: string }) => Promise<void>;

/** Deletes the account `userId` inside `tx` (see above); 404 when it does not exist or is already deleted. */
export async function closeAccount(ctx: Ctx, tx: Tx, userId: number, forgetElsewhere: ForgetAccount): Promise<ClosedAccount> {
  const now = ctx.clock.now();
  // Locked first: a concurrent charge, payment or sign-in of this user waits for the deletion to finish.
  const user = await lockLiveUser(tx, userId);
  if (!user) throw notFound(ACCOUNT_GONE);

  const stops = await stopAllPlansOf(tx, userId, now, ctx.config.timeZone);
  const cancelledOrders = await cancelPendingOrdersOf(tx, userId);
  const balance = await pointsBalance(tx, userId);
  if (balance > 0) {
    await changePoints(tx, {
      userId,
      delta: -balance,
      kind: 'forfeit',
      reference: `account:${userId}`,
      remark: '注销账号：剩余积分作废',
      at: now,
    });
  }
  await removeTemplatesOf(tx, userId);
  await forgetSessionsOf(tx, userId);
  await forgetLookupAttemptsOf(tx, userId);
  await forgetPhone(tx, user.phone);
  await forgetRateLimitKey(tx, user.phone);
  await forgetIdempotencyAnswersOf(tx, userId);
  // What the policy promises beyond the account row: the plans' texts, the phone in remarks and the audit log.
  await erasePlanTextsOf(tx, userId);
  await forgetPhoneInRemarks(tx, userId, user.phone, `已注销用户 #${userId}`);
  await forgetElsewhere(tx, { userId, phone: user.phone });
  await eraseUserIdentity(tx, userId, now);
  const stopped = stops.filter((s) => s.ok);
  return {
    userId,
    plansStopped: stopped.length,
    refunded: stopped.reduce((sum, s) => sum + s.refund, 0),
    forfeited: balance,
    ordersCancelled: cancelledOrders.map((o) => o.orderNo),
    cancelledOrders,
  };
}

/**
 * After a deletion committed: its cancelled online orders closed at their gateways (waited for;
 * a failure is logged, and a payment that still arrives is held as a refund to make).
 */
export function closeDeletedAccountOrders(payments: OrderPayments, closed: ClosedAccount, log: Pick<Logger, 'warn'>): Promise<string[]> {
  return closeAtGateways(payments, closed.cancelledOrders, log);
}
