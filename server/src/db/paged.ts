/**
 * One page of a table's rows plus the total that match (the {list,total,page,pageSize} of every list).
 *
 * Lists that grow for ever (a seller's ledger, the console's orders and users) page without reading
 * the rows before the page:
 * - `seek` (the two columns of a `desc, desc` order that an index of the filter covers, e.g. a
 *   user's `created_at, id`): the page starts at the row found by walking that index alone
 *   (an index-only scan of its keys), then reads just its own rows, instead of OFFSET fetching and
 *   dropping every earlier row. The page numbers stay what the screens show.
 * - `maxPage` (the console's lists): pages past it are refused, and the total is counted only up to
 *   the rows those pages can show (`totalCapped` when there are more), so no call counts a whole table.
 */
import { and, asc, count, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../../../common/api-types.ts';
import type { Executor } from './client.ts';
import { badRequest } from '../http/errors.ts';

export interface PagedQuery<T extends PgTable> {
  from: T;
  where: SQL | undefined;
  orderBy: (PgColumn | SQL)[];
  /** The order's two columns (both descending), for a page found from an index instead of OFFSET. */
  seek?: [PgColumn, PgColumn];
  /** The last page a caller may ask for; the total is then counted up to maxPage pages. */
  maxPage?: number;
  /**
   * The number of rows matching `where` where it is kept (a counter), read instead of counted. With
   * `seek`, a page past the middle is then found from the other end: walking the index forward
   * from the oldest row, the last page of a 60 000-row ledger reads its own rows only.
   */
  total?: () => Promise<number>;
}

/** The page's rows from the row at `offset` of the `seek` order on: found through the index alone. */
function seekCondition(table: PgTable, where: SQL | undefined, [first, second]: [PgColumn, PgColumn], offset: number): SQL {
  return sql`(${first}, ${second}) <= (select ${first}, ${second} from ${table} ${where ? sql`where ${where}` : sql``} order by ${first} desc, ${second} desc offset ${offset} limit 1)`;
}

/**
 * The rows at [offset, offset + pageSize) of the `seek` order (both descending) among `total`,
 * found from the far end: the index walked forward from the oldest row past total - offset -
 * pageSize keys (an index-only walk), then the page's own rows, answered newest first.
 */
async function pageFromTheEnd(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  [first, second]: [PgColumn, PgColumn],
  total: number,
  offset: number,
  pageSize: number,
): Promise<unknown[]> {
  const fromOldest = Math.max(0, total - offset - pageSize);
  const size = Math.min(pageSize, total - offset);
  const start = sql`(${first}, ${second}) >= (select ${first}, ${second} from ${table} ${where ? sql`where ${where}` : sql``} order by ${first} asc, ${second} asc offset ${fromOldest} limit 1)`;
  const rows = await db
    .select()
    .from(table)
    .where(where ? sql`${where} and ${start}` : start)
    .orderBy(asc(first), asc(second))
    .limit(size);
  return rows.reverse();
}

export async function paged<T extends PgTable, Item>(
  db: Executor,
  query: PagedQuery<T>,
  paging: { page: number; pageSize: number },
  toItem: (row: T['$inferSelect']) => Item,
): Promise<Page<Item>> {
  const table = query.from as PgTable;
  if (query.maxPage !== undefined && paging.page > query.maxPage) throw badRequest(`最多显示前 ${query.maxPage} 页，请用筛选条件缩小范围`);
  const offset = (paging.page - 1) * paging.pageSize;
  if (query.total && query.maxPage === undefined) {
    // The total kept elsewhere: read first, then only the page (none past the end). Rows added
    // between the two reads move the page as they would between two requests.
    const total = await query.total();
    const rows =
      offset >= total
        ? []
        : query.seek && offset > total / 2
          ? await pageFromTheEnd(db, table, query.where, query.seek, total, offset, paging.pageSize)
          : await db
              .select()
              .from(table)
              .where(offset > 0 && query.seek ? and(query.where, seekCondition(table, query.where, query.seek, offset)) : query.where)
              .orderBy(...query.orderBy)
              .limit(paging.pageSize)
              .offset(query.seek ? 0 : offset);
    return { list: (rows as T['$inferSelect'][]).map(toItem), total, page: paging.page, pageSize: paging.pageSize };
  }
  const seek = query.seek && offset > 0 ? seekCondition(table, query.where, query.seek, offset) : undefined;
  const where = seek ? (query.where ? sql`${query.where} and ${seek}` : seek) : query.where;
  const countLimit = query.maxPage === undefined ? undefined : query.maxPage * paging.pageSize;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...query.orderBy)
      .limit(paging.pageSize)
      .offset(seek ? 0 : offset),
    countLimit === undefined
      ? db.select({ n: count() }).from(table).where(query.where)
      : // Counting stops at the rows the allowed pages can show (plus one, to know there are more).
        db.select({ n: count() }).from(
          db
            .select({ one: sql`1`.as('one') })
            .from(table)
            .where(query.where)
            .limit(countLimit + 1)
            .as('capped'),
        ),
  ]);
  const n = Number(total!.n);
  return {
    list: (rows as T['$inferSelect'][]).map(toItem),
    total: countLimit !== undefined && n > countLimit ? countLimit : n,
    ...(countLimit !== undefined && n > countLimit ? { totalCapped: true } : {}),
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/**
 * A table's rows matching `where` in batches, oldest first by (`at`, `id`), each batch found from
 * the last one's key (an index on the filter and the two columns makes it a walk): constant memory
 * however many rows there are (the data copy).
 */
export async function* inBatches<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL,
  [at, id]: [PgColumn, PgColumn],
  size = 500,
): AsyncGenerator<T['$inferSelect'][]> {
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor ? sql`(${at}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
    const rows = (await db
      .select({ row: table as PgTable, cursorAt: sql<string>`${at}::text` })
      .from(table as PgTable)
      .where(after ? sql`${where} and ${after}` : where)
      .orderBy(at, id)
      .limit(size)) as unknown as { row: T['$inferSelect'] & Record<string, unknown>; cursorAt: string }[];
    if (rows.length === 0) return;
    yield rows.map((r) => r.row);
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: Number(last.row.id) };
    if (rows.length < size) return;
  }
}
