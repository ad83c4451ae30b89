/**
 * Plan templates: a name and the plan form without dates. The form is
 * stored as validated (canonical link, trimmed); publishing validates it again against today's
 * price table with the chosen start date and charges exactly like plan creation.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { templates } from './tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { API_MESSAGES, fill } from '../../http/messages.ts';
import { TEMPLATES_MAX } from '../../../../common/plan-limits.ts';
import type { Page, TemplateRow } from '../../../../common/api-types.ts';
import type { PlanRecord, TemplateForm } from '../plan/index.ts';

export const TEMPLATE_NOT_FOUND = '模板不存在';

type TemplateRecord = typeof templates.$inferSelect;

const toRow = (t: TemplateRecord): TemplateRow => ({
  id: t.id,
  name: t.name,
  form: t.form as unknown as TemplateForm,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** The stored form: empty optional fields are left out rather than stored as null. */
const storedForm = (form: TemplateForm) =>
  Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null && v !== undefined)) as Record<string, unknown>;

/** A plan's form (what the user filled in), without its dates. */
export function formOfPlan(plan: PlanRecord): TemplateForm {
  return {
    flowType: plan.flowType as TemplateForm['flowType'],
    itemUrl: plan.itemUrl,
    itemId: plan.itemId,
    title: plan.title,
    image: plan.image,
    shopName: plan.shopName,
    price: plan.itemPrice,
    keywords: plan.keywords,
    configId: plan.configId,
    optionIds: plan.options.map((o) => o.optionId),
    dailyCount: plan.dailyCount,
    days: plan.days,
    distribution: plan.distribution,
  };
}

/**
 * Saves a new template; 409 once the account keeps TEMPLATES_MAX. Counted under a lock per account,
 * so simultaneous saves cannot pass the cap together.
 */
export async function createTemplate(db: Db, userId: number, name: string, form: TemplateForm, now: Date): Promise<TemplateRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`template:user:${userId}`}))`);
    const [kept] = await tx.select({ n: count() }).from(templates).where(eq(templates.userId, userId));
    if (kept!.n >= TEMPLATES_MAX) throw conflict(fill(API_MESSAGES.template.limit, { max: TEMPLATES_MAX }));
    const [row] = await tx
      .insert(templates)
      .values({ userId, name, form: storedForm(form), createdAt: now, updatedAt: now })
      .returning();
    return toRow(row!);
  });
}

export async function findOwnTemplate(db: Executor, userId: number, id: number): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.userId, userId)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return toRow(row);
}

export async function listTemplates(db: Executor, userId: number, q: { page: number; pageSize: number }): Promise<Page<TemplateRow>> {
  const order = [desc(templates.updatedAt), desc(templates.id)];
  return paged(db, { from: templates, where: eq(templates.userId, userId), orderBy: order }, q, toRow);
}

export async function updateTemplate(
  db: Executor,
  userId: number,
  id: number,
  change: { name?: string; form?: TemplateForm },
  now: Date,
): Promise<TemplateRow> {
  const [row] = await db
    .update(templates)
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.form !== undefined ? { form: storedForm(change.form) } : {}),
      updatedAt: now,
    })
    .where(and(eq(templates.id, id), eq(templates.userId, userId)))
    .returning();
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return toRow(row);
}

export async function deleteTemplate(db: Executor, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(templates)
    .where(and(eq(templates.id, id), eq(templates.userId, userId)))
    .returning({ id: templates.id });
  if (deleted.length === 0) throw notFound(TEMPLATE_NOT_FOUND);
}

/** Every template of the user, oldest first (the data copy). */
export async function allTemplatesOf(db: Executor, userId: number): Promise<TemplateRow[]> {
  const rows = await db.select().from(templates).where(eq(templates.userId, userId)).orderBy(templates.id);
  return rows.map(toRow);
}

/** Removes every template of the user (account deletion: they hold item links and keywords, no accounting). */
export async function removeTemplatesOf(db: Executor, userId: number): Promise<void> {
  await db.delete(templates).where(eq(templates.userId, userId));
}
