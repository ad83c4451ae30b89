/**
 * The membership invariant `ops verify` checks: a stored membership above level 1 is what the
 * account's paid member orders and staff's audited settings (console, `ops member:set`), replayed
 * in time order, make of it. Both are matched to the account by its id (a phone may belong to
 * another account after a deletion). Level 1 needs no backing (an expired, cleared or deleted
 * membership). Members are read in id batches (bounded memory).
 */
import { and, asc, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from './tables.ts';
import { MEMBER_LEVEL_NAMES, type MemberLevel } from '../../../../common/domain.ts';
import { membershipAfterPurchase, type Membership } from './membership.ts';

export type MembershipEvent =
  | { kind: 'purchase'; userId: number; orderNo: string; level: number; days: number; at: Date }
  | { kind: 'set'; userId: number; level: number; deadline: Date | null; at: Date };

/** Deadlines computed from the same instants agree to the millisecond; a second absorbs rounding in JSON. */
const SAME_DEADLINE_MS = 1000;

const describe = (m: Membership) =>
  `${MEMBER_LEVEL_NAMES[m.memberLevel as MemberLevel] ?? `等级 ${m.memberLevel}`}${m.memberDeadline ? `，到期 ${m.memberDeadline.toISOString()}` : ''}`;

/** `eventsOf` answers the purchases and settings of these accounts (the order and admin modules keep them). */
export async function* membershipFindings(
  db: Executor,
  eventsOf: (userIds: number[]) => Promise<MembershipEvent[]>,
  batchSize = 1000,
): AsyncGenerator<{ userId: number; message: string }> {
  let after = 0;
  for (;;) {
    const members = await db
      .select({ id: users.id, memberLevel: users.memberLevel, memberDeadline: users.memberDeadline })
      .from(users)
      .where(and(gt(users.memberLevel, 1), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(batchSize);
    if (members.length === 0) return;
    const history = new Map<number, MembershipEvent[]>();
    for (const event of await eventsOf(members.map((m) => m.id))) history.set(event.userId, [...(history.get(event.userId) ?? []), event]);
    for (const member of members) {
      let expected: Membership = { memberLevel: 1, memberDeadline: null };
      // At the same instant a setting comes first: staff set up the account, then it bought.
      const sorted = (history.get(member.id) ?? []).sort(
        (a, b) => a.at.getTime() - b.at.getTime() || (a.kind === 'set' ? -1 : 0) - (b.kind === 'set' ? -1 : 0),
      );
      for (const event of sorted) {
        if (event.kind === 'set') expected = { memberLevel: event.level, memberDeadline: event.deadline };
        else {
          try {
            expected = membershipAfterPurchase(expected, event.level, event.days, event.at);
          } catch {
            // A downgrade the purchase refuses changes nothing.
          }
        }
      }
      const sameDeadline =
        expected.memberDeadline !== null &&
        member.memberDeadline !== null &&
        Math.abs(expected.memberDeadline.getTime() - member.memberDeadline.getTime()) < SAME_DEADLINE_MS;
      if (expected.memberLevel !== member.memberLevel || !sameDeadline) {
        const backing =
          sorted.length === 0 ? '没有已支付的会员订单或后台设置' : `已支付的会员订单和后台设置合计应为：${describe(expected)}`;
        yield { userId: member.id, message: `会员 ${describe(member)} 与记录不符：${backing}` };
      }
    }
    after = members.at(-1)!.id;
  }
}
