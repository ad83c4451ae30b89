/**
 * Account deletion (注销), asked by the user with an SMS code (type 4) or done by an operator on a
 * request made through support (audited, console or `npm run ops -- user:delete <phone>`). One
 * transaction, at once:
 * - the running and pending plans stop through the plan module's stop, refunding their
 *   undispatched part through the ledger as any stop does;
 * - pending orders are cancelled;
 * - what remains of the balance is forfeited through the ledger (kind `forfeit`), so the balance
 *   still equals the sum of the ledger and ends at 0; membership and any console role end;
 * - sessions (with their addresses and devices), templates, SMS codes and stored idempotent
 *   answers are removed; the users row keeps only placeholders (user module), so the phone may
 *   register again as a new account that inherits nothing.
 * Orders, plans and ledger rows stay, for the accounting period, tied to the placeholder row only.
 */
import type { Tx } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { forgetIdempotencyAnswersOf } from '../../http/idempotency-retention.ts';
import { cancelPendingOrdersOf } from '../order/index.ts';
import { stopAllPlansOf } from '../plan/index.ts';
import { changePoints, pointsBalance } from '../points/index.ts';
import { forgetSessionsOf } from '../session/index.ts';
import { forgetPhone } from '../sms/index.ts';
import { removeTemplatesOf } from '../template/index.ts';
import { eraseUserIdentity, lockLiveUser } from '../user/index.ts';

const ACCOUNT_GONE = '账号不存在或已注销';

export interface ClosedAccount {
  userId: number;
  plansStopped: number;
  /** Points the stops refunded before the balance was forfeited. */
  refunded: number;
  forfeited: number;
  ordersCancelled: string[];
}

type Ctx = Pick<AppContext, 'clock' | 'config'>;

/** Deletes the account `userId` inside `tx` (see above); 404 when it does not exist or is already deleted. */
export async function closeAccount(ctx: Ctx, tx: Tx, userId: number): Promise<ClosedAccount> {
  const now = ctx.clock.now();
  // Locked first: a concurrent charge or payment of this user waits for the deletion to finish.
  const user = await lockLiveUser(tx, userId);
  if (!user) throw notFound(ACCOUNT_GONE);

  const stops = await stopAllPlansOf(tx, userId, now, ctx.config.timeZone);
  const ordersCancelled = await cancelPendingOrdersOf(tx, userId);
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
  await forgetPhone(tx, user.phone);
  await forgetIdempotencyAnswersOf(tx, userId);
  await eraseUserIdentity(tx, userId, now);
  const stopped = stops.filter((s) => s.ok);
  return {
    userId,
    plansStopped: stopped.length,
    refunded: stopped.reduce((sum, s) => sum + s.refund, 0),
    forfeited: balance,
    ordersCancelled,
  };
}
