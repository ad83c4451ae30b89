/**
 * The audit log: every console and ops-CLI write leaves one row (actor, action, target, the state
 * before and after, client address, time), written by `audited` in the same transaction as the
 * change, so a change without its row (or a row without its change) cannot exist.
 */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { auditLog } from './tables.ts';
import type { Page } from '../../../../common/api-types.ts';
import type { AuditEntry } from '../../../../common/admin-types.ts';

/** Who acts: a signed-in console user (id, phone, address) or the ops command line. */
export interface Actor {
  id: number | null;
  name: string;
  address: string | null;
}

/** The audit action of a membership set by staff. */
export const MEMBERSHIP_ACTION = 'user.member';

export const CLI_ACTOR: Actor = { id: null, name: 'cli', address: null };

export interface Change<R> {
  target: string;
  before: unknown;
  after: unknown;
  result: R;
}

/** Runs `change` in a transaction and records its audit row in the same transaction. */
export async function audited<R>(
  ctx: { db: Db; clock: { now(): Date } },
  actor: Actor,
  action: string,
  change: (tx: Tx) => Promise<Change<R>>,
): Promise<R> {
  return ctx.db.transaction(async (tx) => {
    const done = await change(tx);
    await recordAudit(tx, actor, action, done, ctx.clock.now());
    return done.result;
  });
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

export async function listAudit(
  db: Executor,
  q: { actor?: string; action?: string; target?: string; from?: Date; to?: Date; page: number; pageSize: number },
): Promise<Page<AuditEntry>> {
  const conditions: SQL[] = [];
  if (q.actor) conditions.push(eq(auditLog.actor, q.actor));
  if (q.action) conditions.push(eq(auditLog.action, q.action));
  if (q.target) conditions.push(eq(auditLog.target, q.target));
  if (q.from) conditions.push(gte(auditLog.createdAt, q.from));
  if (q.to) conditions.push(lt(auditLog.createdAt, q.to));
  return paged(db, { from: auditLog, where: and(...conditions), orderBy: [desc(auditLog.createdAt), desc(auditLog.id)] }, q, (r) => ({
    id: r.id,
    actor: r.actor,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
    clientAddress: r.clientAddress,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The memberships staff set (console or `ops member:set`), oldest first: `ops verify` counts them as backing. */
export async function auditedMembershipSettings(
  db: Executor,
): Promise<Array<{ phone: string; level: number; deadline: Date | null; at: Date }>> {
  const rows = await db.select().from(auditLog).where(eq(auditLog.action, MEMBERSHIP_ACTION)).orderBy(auditLog.createdAt, auditLog.id);
  return rows.map((row) => {
    const after = row.after as { memberLevel: number; memberDeadline: string | null };
    return {
      phone: row.target.replace(/^user:/, ''),
      level: after.memberLevel,
      deadline: after.memberDeadline ? new Date(after.memberDeadline) : null,
      at: row.createdAt,
    };
  });
}
