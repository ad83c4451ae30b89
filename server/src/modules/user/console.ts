/**
 * What the operator console may do to accounts: search them, grant or revoke a console role,
 * disable or enable sign-in, assign a service contact. Each function takes the caller's
 * transaction so the console's audit row commits with the change.
 */
import { and, asc, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { perDay, type DayRange } from '../../db/per-day.ts';
import { users, type UserRow } from './tables.ts';
import type { Page } from '../../../../common/api-types.ts';
import { CONSOLE_MAX_PAGE, type ConsoleRole, type ConsoleUser } from '../../../../common/admin-types.ts';
import { MEMBER_LEVEL_NAMES } from '../../../../common/domain.ts';
import { effectiveMemberLevel } from './membership.ts';

export const CONSOLE_ROLES = ['operator', 'admin'] as const satisfies readonly ConsoleRole[];
export type { ConsoleRole, ConsoleUser };

/** True when `role` may do what `needed` allows (an admin may do everything an operator may). */
export function roleAllows(role: string | null, needed: ConsoleRole): boolean {
  if (role === 'admin') return true;
  return role === 'operator' && needed === 'operator';
}

export function toConsoleUser(row: UserRow, now: Date): ConsoleUser {
  const level = effectiveMemberLevel(row, now);
  return {
    id: row.id,
    phone: row.phone,
    role: row.role as ConsoleRole | null,
    integral: row.integral,
    memberLevel: level,
    memberLevelDesc: MEMBER_LEVEL_NAMES[level],
    memberDeadline: level > 1 && row.memberDeadline ? row.memberDeadline.toISOString() : null,
    operatorId: row.operatorId,
    disabled: row.disabledAt !== null,
    deleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Users whose phone starts or ends with `phone` (digits only, so no LIKE wildcards; a whole number
 * matches itself). Both are index lookups (users_phone_prefix_idx and the reversed
 * users_phone_suffix_idx), not a scan of every user as a match anywhere in the number would be.
 */
export function phoneSearch(phone: string): SQL {
  if (phone.length === 11) return eq(users.phone, phone);
  const reversed = [...phone].reverse().join('');
  return or(like(users.phone, `${phone}%`), sql`reverse(${users.phone}) like ${`${reversed}%`}`)!;
}

/** The console's user list, newest first; with `phone`, the users whose phone starts or ends with it. */
export async function searchUsers(
  db: Executor,
  q: { phone?: string; page: number; pageSize: number },
  now: Date,
): Promise<Page<ConsoleUser>> {
  const order = [desc(users.createdAt), desc(users.id)];
  const toItem = (r: UserRow) => toConsoleUser(r, now);
  // (a page past the last allowed is refused there)
  if (!q.phone || q.page > CONSOLE_MAX_PAGE)
    return paged(db, { from: users, where: undefined, orderBy: order, maxPage: CONSOLE_MAX_PAGE }, q, toItem);
  // The matches from the phone indexes first, up to what the allowed pages show: a few digits that
  // match few users are found at once, whatever their age (walking the users newest first and
  // testing each phone would read them all). More matches than that: they are dense, and the walk
  // newest first finds a page of them quickly; the total is then the cap.
  const cap = CONSOLE_MAX_PAGE * q.pageSize;
  const where = phoneSearch(q.phone);
  const matched = await db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .limit(cap + 1);
  if (matched.length > cap) return paged(db, { from: users, where, orderBy: order, maxPage: CONSOLE_MAX_PAGE }, q, toItem);
  matched.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const ids = matched.slice((q.page - 1) * q.pageSize, q.page * q.pageSize).map((r) => r.id);
  const rows = ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    list: ids.map((id) => toItem(byId.get(id)!)),
    total: matched.length,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Phones of the given user ids (for lists of other modules' rows). */
export async function phonesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.phone]));
}

/** Phones and console roles of the given user ids (the console offers only what the role matrix allows on them). */
export async function ownersOf(db: Executor, ids: number[]): Promise<Map<number, { phone: string; role: ConsoleRole | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, phone: users.phone, role: users.role })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { phone: r.phone, role: r.role as ConsoleRole | null }]));
}

/** Locks and answers the user row (so a console change and its audit see one consistent state). */
export async function lockUserByPhone(tx: Executor, phone: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.phone, phone)).for('update');
  return row ?? null;
}

async function updateUser(tx: Executor, id: number, set: Partial<Pick<UserRow, 'role' | 'disabledAt' | 'operatorId'>>): Promise<UserRow> {
  const [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
  return row!;
}

export const setRole = (tx: Executor, id: number, role: ConsoleRole | null) => updateUser(tx, id, { role });
export const setDisabled = (tx: Executor, id: number, disabledAt: Date | null) => updateUser(tx, id, { disabledAt });
export const assignOperator = (tx: Executor, id: number, operatorId: number | null) => updateUser(tx, id, { operatorId });

/** Accounts that can open the console as admin (not disabled, not deleted): going live needs at least one. */
export async function activeAdminCount(db: Executor): Promise<number> {
  return db.$count(users, and(eq(users.role, 'admin' satisfies ConsoleRole), isNull(users.disabledAt), isNull(users.deletedAt)));
}

/** Accounts holding a console role, for the console's role list. */
export async function consoleStaff(db: Executor, now: Date): Promise<ConsoleUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`${users.role} is not null`)
    .orderBy(asc(users.id));
  return rows.map((r) => toConsoleUser(r, now));
}

/** New users per business day in [from, to). */
export const newUsersPerDay = (db: Executor, range: DayRange, timeZone: string) =>
  perDay(db, { from: users, at: users.createdAt }, range, timeZone);
