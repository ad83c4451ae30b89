/**
 * Who in the console may do what to whom (the role matrix):
 * - nobody acts on their own account (points, membership, disable/enable, sign-out, deletion, role,
 *   contact, confirming or cancelling their own order): staff never serve themselves;
 * - an operator acts on ordinary users only (accounts without a console role), never on another
 *   operator or an admin;
 * - deleting an account, changing a role or a contact and marking a refund made are admin-only;
 * - an operator's points adjustments are capped per action and per business day
 *   (OPERATOR_POINTS_PER_ACTION, OPERATOR_POINTS_PER_DAY); beyond them, an admin.
 * The ops command line (actor `cli`, no role) is the machine's owner and is not limited.
 * Every refusal is answered 403 and audited (action `console.refused`, in a transaction of its own,
 * since the refused change rolls back).
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { API_MESSAGES, fill } from '../../http/messages.ts';
import { localDate, zonedInstant } from '../../../../common/zoned-time.ts';
import { auditLog } from './tables.ts';
import { ConsoleRefusal, type Actor } from './audit.ts';

/** The audit action of a points adjustment (counted against an operator's daily cap). */
export const POINTS_ACTION = 'user.points';

/** Actions only an admin may take, whoever the target. */
const ADMIN_ONLY = new Set(['user.delete', 'user.role-grant', 'user.role-revoke', 'user.contact', 'refund.done']);

/** The account an action is aimed at (a user, or an order's owner). */
export interface Target {
  id: number;
  role: string | null;
}

/** Throws the refusal when `actor` may not take `action` on `target` (`label`: the audit row's target). */
export function authorize(actor: Actor, action: string, label: string, target: Target | null): void {
  if (actor.role === undefined) return; // the ops command line
  const m = API_MESSAGES.console;
  if (ADMIN_ONLY.has(action) && actor.role !== 'admin') throw new ConsoleRefusal(m.adminOnly, action, label);
  if (!target) return;
  if (target.id === actor.id) throw new ConsoleRefusal(m.notOnSelf, action, label);
  if (actor.role !== 'admin' && target.role !== null) throw new ConsoleRefusal(m.notOnStaff, action, label, { targetRole: target.role });
}

/**
 * An operator's adjustment of `delta` points, within their caps: per action, and the day's total
 * (business day, credits and debits alike) of their earlier adjustments plus this one. Serialised
 * per operator for the rest of `tx`, so two at once cannot both pass the daily cap.
 */
export async function checkPointsCaps(
  tx: Tx,
  actor: Actor,
  label: string,
  delta: number,
  caps: { perAction: number; perDay: number; timeZone: string; now: Date },
): Promise<void> {
  if (actor.role !== 'operator' || actor.id === null) return;
  const m = API_MESSAGES.console;
  const size = Math.abs(delta);
  if (size > caps.perAction) throw new ConsoleRefusal(fill(m.pointsPerAction, { max: caps.perAction }), POINTS_ACTION, label, { delta });
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`admin:points-cap:${actor.id}`}))`);
  const dayStart = zonedInstant(localDate(caps.now, caps.timeZone), 0, 0, caps.timeZone);
  const [today] = await tx
    .select({ used: sql<string>`coalesce(sum(abs((${auditLog.after} ->> 'delta')::bigint)), 0)` })
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actor.id), eq(auditLog.action, POINTS_ACTION), gte(auditLog.createdAt, dayStart)));
  const used = Number(today!.used);
  if (used + size > caps.perDay)
    throw new ConsoleRefusal(fill(m.pointsPerDay, { used, max: caps.perDay }), POINTS_ACTION, label, { delta, usedToday: used });
}
