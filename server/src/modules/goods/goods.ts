/** Goods on sale: points packages (`integral`) and membership packages (`member`). */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bumpCacheVersion, cachedValue } from '../../db/shared-cache.ts';
import { goods } from './tables.ts';
import type { Goods, GoodsType } from '../../../../common/api-types.ts';

export type { GoodsType };
export const GOODS_TYPES = ['integral', 'member'] as const;

type GoodsRow = typeof goods.$inferSelect;

/** Wire shape: only the fields of its type are present (points for a points package, level and days for a membership). */
export function toGoodsView(row: GoodsRow): Goods {
  const base = { id: row.id, type: row.type as GoodsType, name: row.name, price: row.price };
  return row.type === 'integral' ? { ...base, points: row.points } : { ...base, level: row.level, days: row.days };
}

/** Name of the goods' cache version: every change to the goods table bumps it. */
export const GOODS_CACHE = 'goods';

export type GoodsOnSale = Record<GoodsType, Goods[]>;

async function loadGoodsOnSale(db: Executor): Promise<GoodsOnSale> {
  const rows = await db.select().from(goods).where(eq(goods.onSale, true)).orderBy(asc(goods.sort), asc(goods.id));
  const views = rows.map(toGoodsView);
  return { integral: views.filter((g) => g.type === 'integral'), member: views.filter((g) => g.type === 'member') };
}

/**
 * The goods on sale of each type, in display order, from memory (what the shop lists). Buying
 * reads the goods from the database (findGoodsOnSale), so an order always has the current price.
 */
export function goodsOnSale(db: Executor): Promise<GoodsOnSale> {
  return cachedValue(db, GOODS_CACHE, loadGoodsOnSale);
}

/** The goods if it exists and is on sale, else null. */
export async function findGoodsOnSale(db: Executor, id: number): Promise<Goods | null> {
  const [row] = await db
    .select()
    .from(goods)
    .where(and(eq(goods.id, id), eq(goods.onSale, true)));
  return row ? toGoodsView(row) : null;
}

/** First-start data: four points packages and 30/90-day packages of each paid level. */
export async function seedGoods(db: Executor): Promise<void> {
  await db.insert(goods).values([
    { type: 'integral', name: '1000 积分', price: 10000, points: 1000, sort: 1 },
    { type: 'integral', name: '3200 积分', price: 30000, points: 3200, sort: 2 },
    { type: 'integral', name: '5500 积分', price: 50000, points: 5500, sort: 3 },
    { type: 'integral', name: '11500 积分', price: 100000, points: 11500, sort: 4 },
    { type: 'member', name: '黄金会员 30 天', price: 9900, level: 3, days: 30, sort: 11 },
    { type: 'member', name: '黄金会员 90 天', price: 26900, level: 3, days: 90, sort: 12 },
    { type: 'member', name: '铂金会员 30 天', price: 19900, level: 5, days: 30, sort: 13 },
    { type: 'member', name: '铂金会员 90 天', price: 53900, level: 5, days: 90, sort: 14 },
    { type: 'member', name: '钻石会员 30 天', price: 39900, level: 7, days: 30, sort: 15 },
    { type: 'member', name: '钻石会员 90 天', price: 107900, level: 7, days: 90, sort: 16 },
  ]);
  await bumpCacheVersion(db, GOODS_CACHE);
}

export type GoodsRecord = GoodsRow;
export type GoodsFields = Pick<GoodsRow, 'type' | 'name' | 'price' | 'points' | 'level' | 'days' | 'onSale' | 'sort'>;

/** Every goods row, on sale or not, in display order (the console's list). */
export async function listAllGoods(db: Executor): Promise<GoodsRow[]> {
  return db.select().from(goods).orderBy(asc(goods.sort), asc(goods.id));
}

export async function createGoods(tx: Executor, fields: GoodsFields): Promise<GoodsRow> {
  const [row] = await tx.insert(goods).values(fields).returning();
  await bumpCacheVersion(tx, GOODS_CACHE);
  return row!;
}

/**
 * Changes goods; orders keep the snapshot they were created with, so a new price applies to
 * orders created afterwards only. Answers the row before and after (null when it does not exist).
 */
export async function updateGoods(
  tx: Executor,
  id: number,
  fields: Partial<GoodsFields>,
): Promise<{ before: GoodsRow; after: GoodsRow } | null> {
  const [before] = await tx.select().from(goods).where(eq(goods.id, id)).for('update');
  if (!before) return null;
  const [after] = await tx.update(goods).set(fields).where(eq(goods.id, id)).returning();
  await bumpCacheVersion(tx, GOODS_CACHE);
  return { before, after: after! };
}
