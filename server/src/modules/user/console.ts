/**
 * What the operator console may do to accounts: search them, grant or revoke a console role,
 * disable or enable sign-in, assign a service contact. Each function takes the caller's
 * transaction so the console's audit row commits with the change.
 */
import { asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { perDay, type DayRange } from '../../db/per-day.ts';
import { users, type UserRow } from './tables.ts';
import type { Page } from '../../../../common/api-types.ts';
import type { ConsoleRole, ConsoleUser } from '../../../../common/admin-types.ts';
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

/** Users whose phone contains `phone` (digits only, so no LIKE wildcards), newest first. */
export async function searchUsers(
  db: Executor,
  q: { phone?: string; page: number; pageSize: number },
  now: Date,
): Promise<Page<ConsoleUser>> {
  const where = q.phone ? like(users.phone, `%${q.phone}%`) : undefined;
  return paged(db, { from: users, where, orderBy: [desc(users.createdAt), desc(users.id)] }, q, (r) => toConsoleUser(r, now));
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
