/**
 * The audit log: every console and ops-CLI write leaves one row (actor, action, target, the state
 * before and after, client address, time), written by `audited` in the same transaction as the
 * change, so a change without its row (or a row without its change) cannot exist.
 *
 * Accounts are named by id, never by phone: a target `user:#<id>`, an acting staff member by
 * actor_id with a masked phone (138****8000) as the readable name. At 注销 the account's earlier
 * rows lose even that (forgetAccountInAudit), so no row names the phone of a deleted account.
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { writeOutsideRequest } from '../../http/idempotency.ts';
import { paged } from '../../db/paged.ts';
import { auditLog } from './tables.ts';
import type { Page } from '../../../../common/api-types.ts';
import { CONSOLE_MAX_PAGE, type AuditEntry } from '../../../../common/admin-types.ts';

/**
 * Who acts: a signed-in console user (id, masked phone, address, role) or the ops command line and
 * the daily reconciliation (no role: not bound by the console's role matrix, permissions.ts).
 */
export interface Actor {
  id: number | null;
  /** What the row shows as the actor: a masked phone, `cli` or `reconcile`; never a whole phone. */
  name: string;
  address: string | null;
  role?: 'operator' | 'admin';
}

/** The audit action of a refused console request. */
export const REFUSED_ACTION = 'console.refused';

/** A console request refused by the role matrix (permissions.ts): 403, audited once its transaction has rolled back. */
export class ConsoleRefusal extends AppError {
  constructor(
    message: string,
    readonly action: string,
    readonly target: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(403, message);
    this.name = 'ConsoleRefusal';
  }
}

/** Writes the audit row of a refusal, on its own (the refused change has rolled back). */
export async function recordRefusal(ctx: { db: Executor; clock: { now(): Date } }, actor: Actor, refusal: ConsoleRefusal): Promise<void> {
  const at = ctx.clock.now();
  // Outside the request's own transaction, which the refusal rolls back (a keyed request's included).
  await writeOutsideRequest(ctx, (db) =>
    recordAudit(
      db,
      actor,
      REFUSED_ACTION,
      { target: refusal.target, before: null, after: { action: refusal.action, reason: refusal.message, ...refusal.details } },
      at,
    ),
  );
}

/** The target of a row about an account. */
export const userTarget = (userId: number) => `user:#${userId}`;
const USER_TARGET = /^user:#(\d+)$/;
const WHOLE_PHONE = /^1\d{10}$/;

/** The audit action of a membership set by staff. */
export const MEMBERSHIP_ACTION = 'user.member';

export const CLI_ACTOR: Actor = { id: null, name: 'cli', address: null };

export interface Change<R> {
  target: string;
  before: unknown;
  after: unknown;
  result: R;
}

/**
 * Runs `change` in a transaction and records its audit row in the same transaction. A change the
 * role matrix refuses (ConsoleRefusal) rolls back and leaves a `console.refused` row instead.
 */
export async function audited<R>(
  ctx: { db: Db; clock: { now(): Date } },
  actor: Actor,
  action: string,
  change: (tx: Tx) => Promise<Change<R>>,
): Promise<R> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const done = await change(tx);
      await recordAudit(tx, actor, action, done, ctx.clock.now());
      return done.result;
    });
  } catch (err) {
    if (err instanceof ConsoleRefusal) await recordRefusal(ctx, actor, err);
    throw err;
  }
}

export async function recordAudit(
  tx: Executor,
  actor: Actor,
  action: string,
  change: Omit<Change<unknown>, 'result'>,
  at: Date,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actor: actor.name,
    action,
    target: change.target,
    before: change.before ?? null,
    after: change.after ?? null,
    clientAddress: actor.address,
    createdAt: at,
  });
}

/**
 * The console's audit list. Filters: `actor` is `cli`/`reconcile`, a staff member's phone or `#<id>`
 * (both found by actor_id); `target` as stored, where `user:<phone>` means that live account's
 * `user:#<id>`; `lookUpUserId` finds the live account of a phone.
 */
export async function listAudit(
  db: Executor,
  q: { actor?: string; action?: string; target?: string; from?: Date; to?: Date; page: number; pageSize: number },
  lookUpUserId: (phone: string) => Promise<number | null>,
): Promise<Page<AuditEntry>> {
  const conditions: SQL[] = [];
  if (q.actor) {
    const byId = /^#(\d+)$/.exec(q.actor)?.[1];
    const id = byId ? Number(byId) : WHOLE_PHONE.test(q.actor) ? await lookUpUserId(q.actor) : undefined;
    conditions.push(id === undefined ? eq(auditLog.actor, q.actor) : id === null ? sql`false` : eq(auditLog.actorId, id));
  }
  if (q.action) conditions.push(eq(auditLog.action, q.action));
  if (q.target) {
    const phone = /^user:(1\d{10})$/.exec(q.target)?.[1];
    const id = phone ? await lookUpUserId(phone) : undefined;
    conditions.push(id === undefined ? eq(auditLog.target, q.target) : id === null ? sql`false` : eq(auditLog.target, userTarget(id)));
  }
  if (q.from) conditions.push(gte(auditLog.createdAt, q.from));
  if (q.to) conditions.push(lt(auditLog.createdAt, q.to));
  const order = [desc(auditLog.createdAt), desc(auditLog.id)];
  return paged(db, { from: auditLog, where: and(...conditions), orderBy: order, maxPage: CONSOLE_MAX_PAGE }, q, (r) => ({
    id: r.id,
    actor: r.actor,
    actorId: r.actorId,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
    clientAddress: r.clientAddress,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** How a row about a deleted account names it where the phone stood (a remark staff typed). */
export const deletedAccountName = (userId: number) => `已注销用户 #${userId}`;

/**
 * 注销 of account `userId` whose phone was `phone`, in the deletion's transaction: its earlier rows
 * keep only its id. As actor the masked phone becomes `#<id>`; a target that still names the phone
 * (rows written before targets named ids) names the id; a phone quoted in a before/after state (a
 * remark staff typed) becomes `已注销用户 #<id>`. The last is a scan of the log: deletions are rare.
 */
export async function forgetAccountInAudit(tx: Executor, account: { userId: number; phone: string }): Promise<void> {
  const { userId, phone } = account;
  const placeholder = deletedAccountName(userId);
  await tx
    .update(auditLog)
    .set({ actor: `#${userId}` })
    .where(eq(auditLog.actorId, userId));
  await tx
    .update(auditLog)
    .set({ target: userTarget(userId) })
    .where(eq(auditLog.target, `user:${phone}`));
  // The phone is digits only and the placeholder holds no quote or backslash: replacing inside the JSON text keeps it valid JSON.
  await tx
    .update(auditLog)
    .set({
      before: sql`replace(${auditLog.before}::text, ${phone}, ${placeholder})::jsonb`,
      after: sql`replace(${auditLog.after}::text, ${phone}, ${placeholder})::jsonb`,
    })
    .where(or(sql`strpos(${auditLog.before}::text, ${phone}) > 0`, sql`strpos(${auditLog.after}::text, ${phone}) > 0`));
}

/** The memberships staff set (console or `ops member:set`), oldest first, by account id: `ops verify` counts them as backing. */
export async function auditedMembershipSettings(
  db: Executor,
  userIds?: number[],
): Promise<Array<{ userId: number; level: number; deadline: Date | null; at: Date }>> {
  const targets = userIds?.map(userTarget);
  if (targets && targets.length === 0) return [];
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, MEMBERSHIP_ACTION), targets ? inArray(auditLog.target, targets) : undefined))
    .orderBy(auditLog.createdAt, auditLog.id);
  return rows.flatMap((row) => {
    const id = USER_TARGET.exec(row.target)?.[1];
    if (!id) return [];
    const after = row.after as { memberLevel: number; memberDeadline: string | null };
    return [
      {
        userId: Number(id),
        level: after.memberLevel,
        deadline: after.memberDeadline ? new Date(after.memberDeadline) : null,
        at: row.createdAt,
      },
    ];
  });
}
