/** One page of a table's rows plus the total that match (the {list,total,page,pageSize} of every list). */
import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../../../common/api-types.ts';
import type { Executor } from './client.ts';

export async function paged<T extends PgTable, Item>(
  db: Executor,
  query: { from: T; where: SQL | undefined; orderBy: (PgColumn | SQL)[] },
  paging: { page: number; pageSize: number },
  toItem: (row: T['$inferSelect']) => Item,
): Promise<Page<Item>> {
  const table = query.from as PgTable;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ n: count() }).from(table).where(query.where),
  ]);
  return {
    list: (rows as T['$inferSelect'][]).map(toItem),
    total: Number(total!.n),
    page: paging.page,
    pageSize: paging.pageSize,
  };
}
