/**
 * Member levels shared by the server and the app (seed §3, product §4).
 * Code 7 is called "masonry" in the seed; its Chinese name is 钻石会员.
 * A level above 1 whose deadline has passed counts as level 1.
 */
export const MEMBER_LEVEL = {
  DEFAULT: 1,
  GOLD: 3,
  PLATINUM: 5,
  MASONRY: 7,
} as const;

export type MemberLevel = (typeof MEMBER_LEVEL)[keyof typeof MEMBER_LEVEL];

export const MEMBER_LEVELS: readonly MemberLevel[] = [1, 3, 5, 7];

/** Chinese names (server answers them as `memberLevelDesc`). */
export const MEMBER_LEVEL_NAMES: Record<MemberLevel, string> = {
  1: '普通会员',
  3: '黄金会员',
  5: '铂金会员',
  7: '钻石会员',
};

export function isMemberLevel(value: unknown): value is MemberLevel {
  return typeof value === 'number' && (MEMBER_LEVELS as readonly number[]).includes(value);
}
