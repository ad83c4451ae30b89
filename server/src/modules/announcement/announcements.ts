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
