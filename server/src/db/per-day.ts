/** Sums of a table's rows per calendar day of a time zone (the console's stats). */
import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

export interface DayRange {
  from: Date;
  to: Date;
}

/** `YYYY-MM-DD` -> the sum of `value` (count of rows by default) for rows whose `at` lies in [from, to). */
export async function perDay(
  db: Executor,
  query: { from: PgTable; at: PgColumn; where?: SQL; value?: SQL },
  range: DayRange,
  timeZone: string,
): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${query.at} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, total: sql<string>`${query.value ?? sql`count(*)`}::bigint` })
    .from(query.from)
    .where(and(gte(query.at, range.from), lt(query.at, range.to), query.where))
    // By position: the zone is a bound parameter, so a repeated expression would not match the select's.
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, Number(r.total)]));
}
