/** Announcements: the latest enabled one of a type whose time window contains now; ops replace it. */
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { announcements } from '../../db/schema.ts';

export const ANNOUNCEMENT_TYPES = ['top'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export async function currentAnnouncement(db: Executor, type: AnnouncementType, now: Date): Promise<string> {
  const [row] = await db
    .select({ content: announcements.content })
    .from(announcements)
    .where(
      and(
        eq(announcements.type, type),
        eq(announcements.enabled, true),
        or(isNull(announcements.startsAt), lte(announcements.startsAt, now)),
        or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
      ),
    )
    .orderBy(desc(announcements.id))
    .limit(1);
  return row?.content ?? '';
}

/** Disables the current announcements of `type` and, unless `content` is empty, enables a new one. */
export async function replaceAnnouncement(db: Executor, type: AnnouncementType, content: string, now: Date): Promise<{ disabled: number }> {
  const disabled = await db
    .update(announcements)
    .set({ enabled: false })
    .where(and(eq(announcements.type, type), eq(announcements.enabled, true)))
    .returning({ id: announcements.id });
  if (content) await db.insert(announcements).values({ type, content, enabled: true, createdAt: now });
  return { disabled: disabled.length };
}

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementFields = Pick<AnnouncementRow, 'type' | 'content' | 'enabled' | 'startsAt' | 'endsAt'>;

export async function listAnnouncements(db: Executor): Promise<AnnouncementRow[]> {
  return db.select().from(announcements).orderBy(desc(announcements.id)).limit(200);
}

export async function createAnnouncement(tx: Executor, fields: AnnouncementFields, now: Date): Promise<AnnouncementRow> {
  const [row] = await tx.insert(announcements).values({ ...fields, createdAt: now }).returning();
  return row!;
}

export async function updateAnnouncement(
  tx: Executor,
  id: number,
  fields: Partial<AnnouncementFields>,
): Promise<{ before: AnnouncementRow; after: AnnouncementRow } | null> {
  const [before] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
  if (!before) return null;
  const [after] = await tx.update(announcements).set(fields).where(eq(announcements.id, id)).returning();
  return { before, after: after! };
}
