/**
 * The console's side of the price table: every base service (enabled or not) with its conditions
 * and options, and changes to each. Plans snapshot the prices they were created with (plans.options,
 * base_integral, unit_cost), so a change here applies to plans created afterwards only.
 */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bumpCacheVersion } from '../../db/shared-cache.ts';
import { planConditionOptions, planConditions, planConfigs } from './tables.ts';
import { PLAN_CONFIGS_CACHE } from './configs.ts';

const TABLES = { service: planConfigs, condition: planConditions, option: planConditionOptions } as const;
export type PriceRowKind = keyof typeof TABLES;

export type ServiceRecord = typeof planConfigs.$inferSelect;
export type ConditionRecord = typeof planConditions.$inferSelect;
export type OptionRecord = typeof planConditionOptions.$inferSelect;
type RecordOf<K extends PriceRowKind> = (typeof TABLES)[K]['$inferSelect'];
type InsertOf<K extends PriceRowKind> = (typeof TABLES)[K]['$inferInsert'];

export interface PriceTableTree {
  services: ServiceRecord[];
  conditions: ConditionRecord[];
  options: OptionRecord[];
}

export async function priceTableForConsole(db: Executor): Promise<PriceTableTree> {
  const [services, conditions, options] = await Promise.all([
    db.select().from(planConfigs).orderBy(asc(planConfigs.flowType), asc(planConfigs.sort), asc(planConfigs.id)),
    db.select().from(planConditions).orderBy(asc(planConditions.sort), asc(planConditions.id)),
    db.select().from(planConditionOptions).orderBy(asc(planConditionOptions.sort), asc(planConditionOptions.id)),
  ]);
  return { services, conditions, options };
}

export async function findPriceRow<K extends PriceRowKind>(db: Executor, kind: K, id: number): Promise<RecordOf<K> | null> {
  const table = TABLES[kind];
  const [row] = await db
    .select()
    .from(table as typeof planConfigs)
    .where(eq(table.id, id))
    .for('update');
  return (row as RecordOf<K> | undefined) ?? null;
}

export async function createPriceRow<K extends PriceRowKind>(tx: Executor, kind: K, values: InsertOf<K>): Promise<RecordOf<K>> {
  const [row] = await tx
    .insert(TABLES[kind] as typeof planConfigs)
    .values(values as never)
    .returning();
  await bumpCacheVersion(tx, PLAN_CONFIGS_CACHE);
  return row as RecordOf<K>;
}

/** Changes one row of the price table; answers it before and after (null when it does not exist). */
export async function updatePriceRow<K extends PriceRowKind>(
  tx: Executor,
  kind: K,
  id: number,
  values: Partial<InsertOf<K>>,
): Promise<{ before: RecordOf<K>; after: RecordOf<K> } | null> {
  const before = await findPriceRow(tx, kind, id);
  if (!before) return null;
  const table = TABLES[kind];
  const [after] = await tx
    .update(table as typeof planConfigs)
    .set(values as never)
    .where(eq(table.id, id))
    .returning();
  await bumpCacheVersion(tx, PLAN_CONFIGS_CACHE);
  return { before, after: after as RecordOf<K> };
}
