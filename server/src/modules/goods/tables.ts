/** What users buy: points packs and memberships. */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** Price in fen. */
    price: integer('price').notNull(),
    points: integer('points'),
    level: integer('level'),
    days: integer('days'),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('goods_type', sql`${t.type} in ('integral', 'member')`),
    check('goods_price', sql`${t.price} > 0`),
    check(
      'goods_shape',
      sql`(${t.type} = 'integral' and ${t.points} > 0) or (${t.type} = 'member' and ${t.level} in (3, 5, 7) and ${t.days} > 0)`,
    ),
  ],
);
