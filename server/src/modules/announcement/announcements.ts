/** Announcements: the latest enabled one of a type whose time window contains now; ops replace it. */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { announcements } from './tables.ts';
import { bumpCacheVersion, cachedValue } from '../../db/shared-cache.ts';

export const ANNOUNCEMENT_TYPES = ['top'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** Name of the announcements' cache version: every change to the table bumps it. */
export const ANNOUNCEMENTS_CACHE = 'announcements';

type ShownAnnouncement = Pick<AnnouncementRow, 'type' | 'content' | 'startsAt' | 'endsAt'>;

/** The enabled announcements, newest first (a handful: replacing one disables the previous). */
const loadEnabled = (db: Executor): Promise<ShownAnnouncement[]> =>
  db
    .select({ type: announcements.type, content: announcements.content, startsAt: announcements.startsAt, endsAt: announcements.endsAt })
    .from(announcements)
    .where(eq(announcements.enabled, true))
    .orderBy(desc(announcements.id))
    .limit(200);

/**
 * The text of the latest enabled announcement of `type` whose time window contains `now` ('' when
 * none): picked in memory from the enabled ones, so the windows open and close on time without a
 * change to the table.
 */
export async function currentAnnouncement(db: Executor, type: AnnouncementType, now: Date): Promise<string> {
  const enabled = await cachedValue(db, ANNOUNCEMENTS_CACHE, loadEnabled);
  const shown = enabled.find((a) => a.type === type && (!a.startsAt || a.startsAt <= now) && (!a.endsAt || a.endsAt > now));
  return shown?.content ?? '';
}

/** Disables the current announcements of `type` and, unless `content` is empty, enables a new one. */
export async function replaceAnnouncement(db: Executor, type: AnnouncementType, content: string, now: Date): Promise<{ disabled: number }> {
  const disabled = await db
    .update(announcements)
    .set({ enabled: false })
    .where(and(eq(announcements.type, type), eq(announcements.enabled, true)))
    .returning({ id: announcements.id });
  if (content) await db.insert(announcements).values({ type, content, enabled: true, createdAt: now });
  await bumpCacheVersion(db, ANNOUNCEMENTS_CACHE);
  return { disabled: disabled.length };
}

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementFields = Pick<AnnouncementRow, 'type' | 'content' | 'enabled' | 'startsAt' | 'endsAt'>;

export async function listAnnouncements(db: Executor): Promise<AnnouncementRow[]> {
  return db.select().from(announcements).orderBy(desc(announcements.id)).limit(200);
}

export async function createAnnouncement(tx: Executor, fields: AnnouncementFields, now: Date): Promise<AnnouncementRow> {
  const [row] = await tx
    .insert(announcements)
    .values({ ...fields, createdAt: now })
    .returning();
  await bumpCacheVersion(tx, ANNOUNCEMENTS_CACHE);
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
  await bumpCacheVersion(tx, ANNOUNCEMENTS_CACHE);
  return { before, after: after! };
}
