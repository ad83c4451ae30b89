/** Goods on sale: points packages (`integral`) and membership packages (`member`). */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { goods, memberLevels } from '../../db/schema.ts';
import type { Goods, GoodsType, MemberLevelInfo } from '../../../../common/api-types.ts';

export type { GoodsType };
export const GOODS_TYPES = ['integral', 'member'] as const;

type GoodsRow = typeof goods.$inferSelect;

/** Wire shape (product.md 5a): only the fields of its type are present. */
export function toGoodsView(row: GoodsRow): Goods {
  const base = { id: row.id, type: row.type as GoodsType, name: row.name, price: row.price };
  return row.type === 'integral' ? { ...base, points: row.points } : { ...base, level: row.level, days: row.days };
}

export async function listGoodsOnSale(db: Executor, type: GoodsType): Promise<Goods[]> {
  const rows = await db
    .select()
    .from(goods)
    .where(and(eq(goods.type, type), eq(goods.onSale, true)))
    .orderBy(asc(goods.sort), asc(goods.id));
  return rows.map(toGoodsView);
}

/** The goods if it exists and is on sale, else null. */
export async function findGoodsOnSale(db: Executor, id: number): Promise<Goods | null> {
  const [row] = await db.select().from(goods).where(and(eq(goods.id, id), eq(goods.onSale, true)));
  return row ? toGoodsView(row) : null;
}

/** The member levels with their benefit (the plan discount), for the membership page. */
export async function listMemberLevels(db: Executor): Promise<MemberLevelInfo[]> {
  const rows = await db.select().from(memberLevels).orderBy(asc(memberLevels.level));
  return rows.map((r) => ({ level: r.level, name: r.name, discount: r.discountPercent / 100 }));
}
