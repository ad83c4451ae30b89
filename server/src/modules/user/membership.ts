/**
 * The one place for what a user's membership is worth right now, and for the user-data shape
 * (GET /api/user/user-data, and the `user` of reg/login/update-avatar). A level above 1 whose
 * deadline has passed (or is missing) counts as level 1 (product.md section 4); the discount is
 * the member_levels configuration of the effective level. Plans and orders import `memberBenefit`
 * (or `getUserData`) for the discount, so the expiry rule lives only here.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberLevels } from '../../db/schema.ts';
import type { UserRow } from '../session/sessions.ts';
import { MEMBER_LEVEL_NAMES, isMemberLevel, type MemberLevel } from '../../../../common/domain.ts';
import type { UserData } from '../../../../common/api-types.ts';

export type { UserData };

export interface MemberBenefit {
  /** Effective level: 1 when the stored level has expired. */
  level: MemberLevel;
  levelDesc: string;
  /** Deadline of the effective level above 1; null for level 1 (also after expiry). */
  deadline: Date | null;
  /** Plan cost multiplier in percent (100 = no discount), from member_levels. */
  discountPercent: number;
}

type MemberFields = Pick<UserRow, 'memberLevel' | 'memberDeadline'>;

/** Effective level only (no database): for lists that show many users. */
export function effectiveMemberLevel(user: MemberFields, now: Date): MemberLevel {
  const active = user.memberLevel > 1 && user.memberDeadline !== null && user.memberDeadline.getTime() > now.getTime();
  return active && isMemberLevel(user.memberLevel) ? user.memberLevel : 1;
}

export async function memberBenefit(db: Executor, user: MemberFields, now: Date): Promise<MemberBenefit> {
  const level = effectiveMemberLevel(user, now);
  const [row] = await db.select().from(memberLevels).where(eq(memberLevels.level, level)).limit(1);
  return {
    level,
    levelDesc: row?.name ?? MEMBER_LEVEL_NAMES[level],
    deadline: level > 1 ? user.memberDeadline : null,
    discountPercent: row?.discountPercent ?? 100,
  };
}

export async function getUserData(db: Executor, user: UserRow, now: Date): Promise<UserData> {
  const benefit = await memberBenefit(db, user, now);
  return {
    phone: user.phone,
    memberLevel: benefit.level,
    memberLevelDesc: benefit.levelDesc,
    integral: user.integral,
    memberDeadline: benefit.deadline ? benefit.deadline.toISOString() : null,
    avatar: user.avatar,
    inviteCode: user.inviteCode,
    discount: benefit.discountPercent / 100,
  };
}

/** 13800138000 -> 138****8000 */
export const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '****');
