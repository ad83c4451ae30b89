/**
 * The one place for what a user's membership is worth right now, how a purchase changes it, and
 * the user-data shape (GET /api/user/user-data, and the `user` of reg/login/update-avatar). A level
 * above 1 whose deadline has passed (or is missing) counts as level 1; the discount is the
 * member_levels configuration of the effective level. Plans and orders call `memberBenefit`
 * (or `getUserData`) for the discount, so the expiry rule lives only here.
 */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberLevels, users, type UserRow } from './tables.ts';
import { bumpCacheVersion, cachedValue } from '../../db/shared-cache.ts';
import { conflict } from '../../http/errors.ts';
import { perSource } from '../../http/prepared-answer.ts';
import { DAY } from '../../lib/clock.ts';
import { MEMBER_LEVEL_NAMES, isMemberLevel, type MemberLevel } from '../../../../common/domain.ts';
import type { MemberLevelInfo, UserData } from '../../../../common/api-types.ts';

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

type MemberLevelRow = typeof memberLevels.$inferSelect;
const MEMBER_LEVELS_CACHE = 'member_levels';
const loadMemberLevels = (db: Executor): Promise<MemberLevelRow[]> => db.select().from(memberLevels).orderBy(asc(memberLevels.level));

/**
 * The member_levels rows: reference data read on every user-data call, so kept in memory per
 * database (refreshed on every process within a second of a change that bumps its version).
 * Inside a transaction they are read there, as the transaction sees them.
 */
function memberLevelRows(db: Executor): Promise<MemberLevelRow[]> {
  return cachedValue(db, MEMBER_LEVELS_CACHE, loadMemberLevels);
}

export async function memberBenefit(db: Executor, user: MemberFields, now: Date): Promise<MemberBenefit> {
  const level = effectiveMemberLevel(user, now);
  const row = (await memberLevelRows(db)).find((r) => r.level === level);
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
    privacyVersion: user.privacyVersion,
    // staff see the way to the console in their account menu; ordinary users' answer has no such field
    ...(user.role === 'operator' || user.role === 'admin' ? { consoleRole: user.role } : {}),
  };
}

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

/** 409 when the user may not buy `days` of `level` now (a downgrade while a higher level is active). */
export async function checkMembershipPurchase(db: Executor, userId: number, level: number, days: number, now: Date): Promise<void> {
  const [user] = await db
    .select({ memberLevel: users.memberLevel, memberDeadline: users.memberDeadline })
    .from(users)
    .where(eq(users.id, userId));
  membershipAfterPurchase(user!, level, days, now);
}

/** Applies a paid membership purchase; the row lock makes concurrent purchases apply one after the other. */
export async function applyMembershipPurchase(tx: Executor, userId: number, level: number, days: number, now: Date): Promise<void> {
  const [user] = await tx
    .select({ memberLevel: users.memberLevel, memberDeadline: users.memberDeadline })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  await tx
    .update(users)
    .set(membershipAfterPurchase(user!, level, days, now))
    .where(eq(users.id, userId));
}

/** Sets a user's level and deadline as staff decide (ops member:set). */
export async function setMembership(db: Executor, userId: number, membership: Membership): Promise<void> {
  await db.update(users).set(membership).where(eq(users.id, userId));
}

/** The member levels with their benefit (the plan discount), for the membership page. */
export async function listMemberLevels(db: Executor): Promise<MemberLevelInfo[]> {
  return memberLevelInfos(await memberLevelRows(db));
}

/** The same array for the same cached rows, so the answer made from it is prepared once. */
const memberLevelInfos = perSource((rows: MemberLevelRow[]): MemberLevelInfo[] =>
  rows.map((r) => ({ level: r.level, name: r.name, discount: r.discountPercent / 100 })),
);

const MEMBER_DISCOUNT_PERCENT: Record<MemberLevel, number> = { 1: 100, 3: 95, 5: 90, 7: 85 };

export async function memberLevelsSeeded(db: Executor): Promise<boolean> {
  const [row] = await db.select({ level: memberLevels.level }).from(memberLevels).limit(1);
  return Boolean(row);
}

/** First-start data: the four levels with their names and plan discounts. */
export async function seedMemberLevels(db: Executor): Promise<void> {
  await db.insert(memberLevels).values(
    Object.entries(MEMBER_LEVEL_NAMES).map(([level, name]) => ({
      level: Number(level),
      name,
      discountPercent: MEMBER_DISCOUNT_PERCENT[Number(level) as MemberLevel],
    })),
  );
  await bumpCacheVersion(db, MEMBER_LEVELS_CACHE);
}

/** 13800138000 -> 138****8000 */
export const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '****');
