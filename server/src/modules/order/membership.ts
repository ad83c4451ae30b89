/** Membership purchase rule (product.md section 4). */
import { MEMBER_LEVEL_NAMES, type MemberLevel } from '../../../../common/domain.ts';
import { DAY } from '../../lib/clock.ts';
import { conflict } from '../../http/errors.ts';
import { effectiveMemberLevel } from '../user/membership.ts';

export interface Membership {
  memberLevel: number;
  memberDeadline: Date | null;
}

/**
 * The membership after buying `days` of `level`: the same level extends from the later of now and
 * the current deadline; a higher level starts now; a lower level than the active one is refused (409).
 */
export function membershipAfterPurchase(current: Membership, level: number, days: number, now: Date): Membership {
  const active = effectiveMemberLevel(current, now);
  if (level < active) {
    const name = (l: number) => MEMBER_LEVEL_NAMES[l as MemberLevel] ?? String(l);
    throw conflict(`您当前是${name(active)}，有效期内不能购买较低等级的${name(level)}`, { currentLevel: active, level });
  }
  const from = level === active && current.memberDeadline && current.memberDeadline > now ? current.memberDeadline : now;
  return { memberLevel: level, memberDeadline: new Date(from.getTime() + days * DAY) };
}
