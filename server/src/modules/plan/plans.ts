/**
 * Plans: creation (priced on the server, charged in the same transaction as the insert), the
 * lists with clock-derived status, details, stop (refund once) and soft delete.
 * Status is never stored: the clock decides it from start_at / end_at (computed at creation from
 * the schedule) and stopped_at, both in SQL filters and in the rows answered.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { placeholderBinder, preparedOn } from '../../db/prepared.ts';
import { inBatches } from '../../db/paged.ts';
import { DEFERRED_INDEXES, indexState } from '../../db/deferred-indexes.ts';
import { planCounts, plans } from './tables.ts';
import { perDay, type DayRange } from '../../db/per-day.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Page } from '../../http/validate.ts';
import type { FlowType, PlanStatus } from '../../../../common/domain.ts';
import type { CreatedPlan, DeleteResult, PlanCounts, PlanDetail, PlanRow, StopResult } from '../../../../common/api-types.ts';
import { changePoints, ledgerOfReference, pointsBalance, replaceRemarks } from '../points/index.ts';
import { findUserById, memberBenefit } from '../user/index.ts';
import type { PlanForm } from './form.ts';
import type { FormPrice } from '../plan-config/index.ts';
import { dispatchedAt, planProgress, scheduleBounds, scheduleView } from './schedule.ts';
import { stopRefund, tasksPrice } from '../../../../common/plan-cost.ts';
import { firstDayCount, firstDayFromHour, planTaskCount } from '../../../../common/distribution.ts';
import { localDate, localParts, zonedInstant } from '../../../../common/zoned-time.ts';

/** A plan's columns but the keyword search's copy of its texts (searchText: the database reads it, no caller does). */
const { searchText: _searchText, ...planColumns } = getTableColumns(plans);
export type PlanRecord = Omit<typeof plans.$inferSelect, 'searchText'>;

/** A plan for today whose tasks all fall in hours already begun (and no later day). */
export const NOTHING_LEFT_TODAY = '今天剩余的时段没有任务，请调整时段分布或从明天开始';

/** Largest total a plan may cost (the integral columns are 32-bit). */
const MAX_TOTAL_COST = 2_000_000_000;

export function toPlanRow(p: PlanRecord, now: Date, timeZone: string): PlanRow {
  const progress = planProgress(p, now, timeZone);
  return {
    id: p.id,
    flowType: p.flowType as FlowType,
    itemUrl: p.itemUrl,
    itemId: p.itemId,
    title: p.title,
    image: p.image,
    shopName: p.shopName,
    price: p.itemPrice,
    keywords: p.keywords,
    configId: p.configId,
    configName: p.configName,
    optionIds: p.options.map((o) => o.optionId),
    options: p.options.map((o) => ({ conditionLabel: o.conditionLabel, optionLabel: o.optionLabel, integral: o.integral })),
    dailyCount: p.dailyCount,
    days: p.days,
    startDate: p.startDate,
    distribution: p.distribution,
    unitCost: p.unitCost,
    discount: p.discountPercent / 100,
    totalCount: p.totalCount,
    firstDayFromHour: p.firstDayFromHour,
    firstDayCount: firstDayCount(p.distribution, p.firstDayFromHour),
    totalCost: p.totalCost,
    dispatched: progress.dispatched,
    status: progress.status,
    statusText: progress.statusText,
    refunded: p.refunded,
    createdAt: p.createdAt.toISOString(),
    endAt: p.endAt.toISOString(),
    stoppedAt: p.stoppedAt ? p.stoppedAt.toISOString() : null,
  };
}

/**
 * Inserts the plan and charges its total in ONE transaction: when the balance is short the
 * charge throws 409 `积分不足` (needed, available) and the insert rolls back with it.
 */
export async function createPlan(
  db: Executor,
  input: { userId: number; form: PlanForm; price: FormPrice; now: Date; timeZone: string; remark?: string },
): Promise<CreatedPlan> {
  const { form, price, now, timeZone, userId } = input;
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw notFound('用户不存在');
    const { discountPercent } = await memberBenefit(tx, user, now);
    // The first-day cut is fixed now, at publish: the hours of today already begun get no task today.
    const fromHour = firstDayFromHour(form.startDate, now, timeZone);
    const totalCount = planTaskCount(form.distribution, form.dailyCount, form.days, fromHour);
    if (totalCount <= 0) throw badRequest(NOTHING_LEFT_TODAY);
    const totalCost = tasksPrice(totalCount, price.unitCost, discountPercent);
    if (totalCost > MAX_TOTAL_COST) throw badRequest('计划总费用过大，请减少每日数量或天数');
    const { startAt, endAt } = scheduleBounds({ ...form, firstDayFromHour: fromHour }, timeZone);
    const [plan] = await tx
      .insert(plans)
      .values({
        userId,
        flowType: form.flowType,
        itemUrl: form.itemUrl,
        itemId: form.itemId,
        title: form.title,
        image: form.image,
        shopName: form.shopName,
        itemPrice: form.price,
        keywords: form.keywords,
        configId: form.configId,
        configName: price.configName,
        baseIntegral: price.baseIntegral,
        options: price.options,
        dailyCount: form.dailyCount,
        days: form.days,
        startDate: form.startDate,
        distribution: form.distribution,
        firstDayFromHour: fromHour,
        startAt,
        endAt,
        unitCost: price.unitCost,
        discountPercent,
        totalCount,
        totalCost,
        createdAt: now,
      })
      .returning({ id: plans.id });
    let integral = user.integral;
    if (totalCost > 0) {
      const charged = await changePoints(tx, {
        userId,
        delta: -totalCost,
        kind: 'plan_charge',
        reference: `plan:${plan!.id}`,
        remark: input.remark ?? chargeRemark(plan!.id, form.title),
        at: now,
      });
      integral = charged.balanceAfter;
    }
    return { id: plan!.id, totalCount, firstDayCount: firstDayCount(form.distribution, fromHour), totalCost, integral };
  });
}

/** A value as it is, for a statement built per call (see placeholderBinder for prepared ones). */
const inline = <T>(_name: string, value: T) => value;
type Bind = <T>(name: string, value: T) => T | SQLWrapper;

/** SQL for a status that the clock derives (start_at / end_at / stopped_at at `now`). */
export function statusCondition(status: PlanStatus, now: Date, bind: Bind = inline): SQL {
  switch (status) {
    case 'stopped':
      return isNotNull(plans.stoppedAt);
    case 'pending':
      // end_at > now follows from start_at > now; said, it lets plans_user_end_idx find them (a few hundred keys).
      return and(isNull(plans.stoppedAt), gt(plans.startAt, bind('now', now)), gt(plans.endAt, bind('now', now)))!;
    case 'running':
      return and(isNull(plans.stoppedAt), lte(plans.startAt, bind('now', now)), gt(plans.endAt, bind('now', now)))!;
    case 'completed':
      return and(isNull(plans.stoppedAt), lte(plans.endAt, bind('now', now)))!;
  }
}

export interface PlanFilters {
  flowType?: FlowType;
  status?: PlanStatus;
  keyword?: string;
  /** Which date the range applies to. */
  dateType: 'createdAt' | 'startDate';
  /** Inclusive local dates, YYYY-MM-DD. */
  dateFrom?: string;
  dateTo?: string;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Keyword searches of a seller with more than NEWEST_SCAN plans (of the other filters) count their
 * plans up to this many; a keyword found in more is listed from the newest, its total given as this
 * many and `totalCapped` (the screen asks for a narrower search), its pages ending there. Smaller
 * sellers, a rare one-character keyword and a search before the index is built count exactly.
 */
export const KEYWORD_SEARCH_CAP = 200;
const PLAN_SEARCH_INDEX = DEFERRED_INDEXES.find((index) => index.name === 'plans_search_grams_idx')!;
/** A keyword the search index can serve: it holds the pieces of two characters (a shorter one walks the list). */
const searchableByPieces = (keyword: string | undefined): keyword is string => keyword !== undefined && [...keyword].length >= 2;

/**
 * WHERE of a user's live (not deleted) plans matching the filters. `byPieces` (a keyword of two
 * characters or more, plans_search_grams_idx valid) adds that the plan holds every two-character
 * piece of the keyword, which that index answers (the LIKE below still decides), and names the
 * owner as `user_id + 0`, which no btree index serves: a prepared (generic) plan, believing every
 * seller has ten plans, would otherwise walk the seller's list instead.
 */
export function planFilterWhere(userId: number, f: PlanFilters, now: Date, timeZone: string, bind: Bind = inline, byPieces = false): SQL {
  const owner = byPieces ? sql`${plans.userId} + 0 = ${bind('userId', userId)}` : eq(plans.userId, bind('userId', userId));
  const conditions: SQL[] = [owner, isNull(plans.deletedAt)];
  if (byPieces)
    conditions.push(
      // The pieces as a scalar subquery: no plan, custom or generic, sees the keyword, so after five runs the
      // prepared statement keeps its generic plan (a custom plan of it took 1.2 ms to make, longer than it runs).
      sql`plan_search_grams(${plans.userId}, ${plans.searchText}) @> (select plan_keyword_grams(${bind('userId', userId)}, ${bind('keywordText', f.keyword ?? '')}))`,
    );
  if (f.flowType) conditions.push(eq(plans.flowType, bind('flowType', f.flowType)));
  if (f.status) conditions.push(statusCondition(f.status, now, bind));
  if (f.keyword) {
    // ILIKE over title, item id and keywords, as one LIKE over their lower-cased copy (plans.searchText).
    // The pattern lower-cased once per statement (a scalar subquery): `lower($n)` in a prepared plan is evaluated per row.
    conditions.push(like(plans.searchText, sql`(select lower(${bind('keyword', likePattern(f.keyword))}))`));
  }
  if (f.dateType === 'startDate') {
    if (f.dateFrom) conditions.push(gte(plans.startDate, bind('startFrom', f.dateFrom)));
    if (f.dateTo) conditions.push(lte(plans.startDate, bind('startTo', f.dateTo)));
  } else {
    if (f.dateFrom) conditions.push(gte(plans.createdAt, bind('createdFrom', zonedInstant(f.dateFrom, 0, 0, timeZone))));
    if (f.dateTo) conditions.push(lt(plans.createdAt, bind('createdTo', zonedInstant(f.dateTo, 1, 0, timeZone))));
  }
  return and(...conditions)!;
}

/** The list's filters and page. */
export type PlanListQuery = PlanFilters & { page: number; pageSize: number };

export async function listPlans(db: Executor, userId: number, q: PlanListQuery, now: Date, timeZone: string): Promise<Page<PlanRow>> {
  if (q.keyword) {
    const newest = await scanNewest(db, userId, { ...q, keyword: q.keyword }, now, timeZone);
    if (newest.whole) return await pageOfIds(db, userId, q, newest.page, newest.found, now, timeZone);
    if (newest.found > KEYWORD_SEARCH_CAP) return await pageOfIds(db, userId, q, newest.page, 'capped', now, timeZone);
    if (searchableByPieces(q.keyword) && (await searchIndexValid(db)))
      return await watchingTheIndex(db, () => searchPlans(db, userId, q, now, timeZone, newest));
    // A rare keyword of one character, or the search index not built yet: the whole list walked and counted.
  }
  // Prepared once per filter combination (the names bound and the status tell them apart): the
  // list is every plan screen's first request.
  const binder = placeholderBinder();
  const where = planFilterWhere(userId, q, now, timeZone, binder.bind);
  const offset = (q.page - 1) * q.pageSize;
  // All of a user's plans, or a platform's, or its stopped or completed ones: the total follows from
  // the kept counts (plan_counts), not counted over thousands of plans.
  const byStatusOnly = !q.keyword && !q.dateFrom && !q.dateTo;
  const kept = byStatusOnly && !q.status;
  const total = byStatusOnly ? keptTotalSql(q.status, q.flowType !== undefined) : undefined;
  let rows: { plan: PlanRecord; total: number }[];
  if (kept && q.page > 1) {
    // A later page: from the oldest end when nearer to it (the last of 2 000 pages reads its own rows).
    const known = await livePlanCount(db, userId, q.flowType);
    if (offset >= known) return { list: [], total: known, page: q.page, pageSize: q.pageSize };
    if (offset > known / 2) {
      const name = `plan_page_from_end:${binder.names()}`;
      const page = preparedOn(db, name, (on, statementName) =>
        planPageFromTheEnd(on, where, total!, { limit: sql.placeholder('limit'), fromOldest: sql.placeholder('fromOldest') }).prepare(
          statementName,
        ),
      );
      const fromOldest = Math.max(0, known - offset - q.pageSize);
      rows = (await page.execute({ ...binder.values, limit: Math.min(q.pageSize, known - offset), fromOldest })).reverse();
      return {
        list: rows.map((r) => toPlanRow(r.plan, now, timeZone)),
        total: rows[0]?.total ?? known,
        page: q.page,
        pageSize: q.pageSize,
      };
    }
  }
  const name = `plan_page:${binder.names()}${q.status ? `:${q.status}` : ''}${total ? ':kept' : ''}`;
  const page = preparedOn(db, name, (on, statementName) =>
    planPageQuery(on, where, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }, total).prepare(statementName),
  );
  rows = await page.execute({ ...binder.values, limit: q.pageSize, offset });
  // No row carries the total: on page 1 there is nothing at all; past the end, count.
  const counted =
    rows.length > 0
      ? rows[0]!.total
      : q.page === 1
        ? 0
        : Number(
            (
              await db
                .select({ n: count() })
                .from(plans)
                .where(planFilterWhere(userId, q, now, timeZone))
            )[0]!.n,
          );
  return { list: rows.map((r) => toPlanRow(r.plan, now, timeZone)), total: counted, page: q.page, pageSize: q.pageSize };
}

/**
 * How many of the newest plans (of the other filters) a keyword search looks at first: where the
 * keyword is common (one plan in five or more), the page and the capped total are found among
 * them, a walk of the list's index alone (0.3 ms); where the seller has no
 * more plans than this, the answer is exact.
 */
const NEWEST_SCAN = 1000;

/** What the first step of a keyword search found among the newest plans. */
interface NewestScan {
  /** All of the seller's plans of the other filters were looked at: `found` is the exact total. */
  whole: boolean;
  /** How many of those looked at hold the keyword. */
  found: number;
  /** The ids of the requested page among those, newest first (fewer, or none, past `found`). */
  page: number[];
}

/**
 * The first step of a keyword search: the newest NEWEST_SCAN plans of the other filters, from the
 * list's index, in one prepared statement answering how many were looked at, how many hold the
 * keyword and the ids of the page among those. Answers the search where all were looked at, or the
 * keyword is in more than KEYWORD_SEARCH_CAP of them (its pages, which end at the cap, are all among them).
 */
async function scanNewest(
  db: Executor,
  userId: number,
  q: PlanListQuery & { keyword: string },
  now: Date,
  timeZone: string,
): Promise<NewestScan> {
  const offset = (q.page - 1) * q.pageSize;
  const binder = placeholderBinder();
  const where = planFilterWhere(userId, { ...q, keyword: undefined }, now, timeZone, binder.bind);
  const hit = like(plans.searchText, sql`(select lower(${binder.bind('keyword', likePattern(q.keyword))}))`);
  const scan = preparedOn(db, `plan_search_newest:${binder.names()}${q.status ? `:${q.status}` : ''}`, (on, statementName) => {
    const newest = on
      .select({ id: plans.id, createdAt: plans.createdAt, hit: sql<boolean>`${hit}`.as('hit') })
      .from(plans)
      .where(where)
      .orderBy(desc(plans.createdAt), desc(plans.id))
      .limit(sql.placeholder('scan'))
      .as('newest');
    return on
      .select({
        looked: sql<number>`count(*)::int`,
        found: sql<number>`(count(*) filter (where ${newest.hit}))::int`,
        page: sql<
          number[] | null
        >`(array_agg(${newest.id} order by ${newest.createdAt} desc, ${newest.id} desc) filter (where ${newest.hit}))[${sql.placeholder('first')}::int:${sql.placeholder('last')}::int]`,
      })
      .from(newest)
      .prepare(statementName);
  });
  const [{ looked, found, page }] = (await scan.execute({
    ...binder.values,
    scan: NEWEST_SCAN,
    first: offset + 1,
    last: offset + q.pageSize,
  })) as [{ looked: number; found: number; page: number[] | null }];
  return { whole: looked < NEWEST_SCAN, found, page: page ?? [] };
}

/** A page of the plans `ids` (the page's, newest first) with its exact total, or capped (the page cut at the cap). */
async function pageOfIds(
  db: Executor,
  userId: number,
  q: PlanListQuery,
  ids: number[],
  total: number | 'capped',
  now: Date,
  timeZone: string,
): Promise<Page<PlanRow>> {
  const capped = total === 'capped';
  const shown = capped ? ids.slice(0, Math.max(0, KEYWORD_SEARCH_CAP - (q.page - 1) * q.pageSize)) : ids;
  const rows = shown.length === 0 ? [] : await plansByIds(db, userId, shown);
  return {
    list: rows.map((plan) => toPlanRow(plan, now, timeZone)),
    total: capped ? KEYWORD_SEARCH_CAP : total,
    ...(capped ? { totalCapped: true } : {}),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * The user's live plans of `ids`, newest first (a page found by id; one deleted since it was found
 * is left out, as a later request would).
 */
async function plansByIds(db: Executor, userId: number, ids: number[]): Promise<PlanRecord[]> {
  const byIds = preparedOn(db, 'plans_by_ids', (on, statementName) =>
    on
      .select(planColumns)
      .from(plans)
      .where(
        and(sql`${plans.id} = any(${sql.placeholder('ids')}::int[])`, eq(plans.userId, sql.placeholder('userId')), isNull(plans.deletedAt)),
      )
      .orderBy(desc(plans.createdAt), desc(plans.id))
      .prepare(statementName),
  );
  return byIds.execute({ ids, userId });
}

/** When plans_search_grams_idx was last found valid or not, per database handle: asked again after a minute. */
const searchIndexSeen = new WeakMap<object, { valid: boolean; at: number }>();
const SEARCH_INDEX_RECHECK_MS = 60_000;

/**
 * Whether plans_search_grams_idx can serve the search: built after the migrations, in the
 * background on a large database (db/deferred-indexes.ts), so not yet on the first minutes after
 * an upgrade. Until then the search walks the list, as before the index.
 */
async function searchIndexValid(db: Executor): Promise<boolean> {
  const seen = searchIndexSeen.get(db);
  if (seen && performance.now() - seen.at < SEARCH_INDEX_RECHECK_MS) return seen.valid;
  const valid = (await indexState(db, PLAN_SEARCH_INDEX)).state === 'valid';
  searchIndexSeen.set(db, { valid, at: performance.now() });
  return valid;
}

/** A search through the index slower than this (or failing) has the index's state asked again. */
const SLOW_SEARCH_MS = 100;

/**
 * A search through the index, and the index's state asked again at the next search when it was slow or failed:
 * an index dropped or left invalid (a REINDEX, an operator) would make its generic plan read every
 * plan, for up to SEARCH_INDEX_RECHECK_MS.
 */
async function watchingTheIndex<T>(db: Executor, search: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await search();
  } catch (err) {
    searchIndexSeen.delete(db);
    throw err;
  } finally {
    if (performance.now() - started > SLOW_SEARCH_MS) searchIndexSeen.delete(db);
  }
}

/**
 * A keyword search through plans_search_grams_idx: the plans holding the keyword's pieces (a
 * keyword found in one of 20 000 reads that one), at most KEYWORD_SEARCH_CAP + 1 of them, then the
 * page of those newest first, in one statement. Found in more than the cap: the page is read
 * walking the list newest first (the matches are then many, the walk stops at the page), the total
 * given as the cap.
 */
async function searchPlans(
  db: Executor,
  userId: number,
  q: PlanListQuery,
  now: Date,
  timeZone: string,
  newest: NewestScan,
): Promise<Page<PlanRow>> {
  const offset = (q.page - 1) * q.pageSize;
  const binder = placeholderBinder();
  const where = planFilterWhere(userId, q, now, timeZone, binder.bind, true);
  const search = preparedOn(db, `plan_search:${binder.names()}${q.status ? `:${q.status}` : ''}`, (on, statementName) =>
    searchPageQuery(on, where).prepare(statementName),
  );
  const rows = await search.execute({ ...binder.values, found: KEYWORD_SEARCH_CAP + 1, limit: q.pageSize, offset });
  // No row carries the total: on page 1 nothing was found; past the end, count what was.
  const total =
    rows.length > 0
      ? rows[0]!.total
      : q.page === 1
        ? 0
        : Number(
            (
              await db.select({ n: count() }).from(
                db
                  .select({ id: plans.id })
                  .from(plans)
                  .where(planFilterWhere(userId, q, now, timeZone, inline, true))
                  .limit(KEYWORD_SEARCH_CAP + 1)
                  .as('found'),
              )
            )[0]!.n,
          );
  if (total <= KEYWORD_SEARCH_CAP)
    return { list: rows.map((r) => toPlanRow(r.plan, now, timeZone)), total, page: q.page, pageSize: q.pageSize };
  // Capped: the pages end at the cap, as the total says; the page is the newest scan's where it
  // holds it all, else read walking the list.
  const limit = Math.min(q.pageSize, KEYWORD_SEARCH_CAP - offset);
  if (limit <= 0 || offset + limit <= newest.found) return pageOfIds(db, userId, q, limit <= 0 ? [] : newest.page, 'capped', now, timeZone);
  const walk = placeholderBinder();
  const listWhere = planFilterWhere(userId, q, now, timeZone, walk.bind);
  const capped = preparedOn(db, `plan_page:${walk.names()}${q.status ? `:${q.status}` : ''}:capped`, (on, statementName) =>
    planPageQuery(
      on,
      listWhere,
      { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') },
      sql<number>`${sql.raw(String(KEYWORD_SEARCH_CAP))}`,
    ).prepare(statementName),
  );
  const walked = await capped.execute({ ...walk.values, limit, offset });
  return {
    list: walked.map((r) => toPlanRow(r.plan, now, timeZone)),
    total: KEYWORD_SEARCH_CAP,
    totalCapped: true,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * The plans matching `where` (which names the keyword's pieces) up to the placeholder `found`, then
 * `limit` of them from `offset` newest first, each with how many were found (counted before the
 * page is cut).
 */
function searchPageQuery(db: Executor, where: SQL) {
  const found = db
    .select({ id: plans.id, createdAt: plans.createdAt })
    .from(plans)
    .where(where)
    .limit(sql.placeholder('found'))
    .as('found');
  const ranked = db
    .select({ id: found.id, createdAt: found.createdAt, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(found)
    .orderBy(desc(found.createdAt), desc(found.id))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .as('ranked');
  return db
    .select({ plan: planColumns, total: ranked.total })
    .from(plans)
    .innerJoin(ranked, eq(plans.id, ranked.id))
    .orderBy(desc(plans.createdAt), desc(plans.id));
}

/**
 * The total of a list filtered by nothing but platform and status, from plan_counts (kept by
 * triggers, migrations 0019 and 0021), on the filter's placeholders; undefined where it is counted
 * (pending and running: the plans not ended, a few hundred keys of plans_user_end_idx).
 */
function keptTotalSql(status: PlanStatus | undefined, byFlowType: boolean): SQL<number> | undefined {
  const userPlans = (table: typeof planCounts | typeof plans) =>
    sql`${table.userId} = ${sql.placeholder('userId')}${byFlowType ? sql` and ${table.flowType} = ${sql.placeholder('flowType')}` : sql``}`;
  const kept = (column: SQL) => sql`(select coalesce(sum(${column}), 0)::int from ${planCounts} where ${userPlans(planCounts)})`;
  switch (status) {
    case undefined:
      return sql<number>`${kept(sql`${planCounts.live}`)}`;
    case 'stopped':
      return sql<number>`${kept(sql`${planCounts.stopped}`)}`;
    case 'completed': {
      // Live, not stopped, and ended: all but the stopped and the plans not ended yet.
      const notEnded = sql`(select count(*)::int from ${plans} where ${userPlans(plans)} and ${isNull(plans.deletedAt)} and ${isNull(plans.stoppedAt)} and ${plans.endAt} > ${sql.placeholder('now')})`;
      return sql<number>`${kept(sql`${planCounts.live} - ${planCounts.stopped}`)} - ${notEnded}`;
    }
    default:
      return undefined;
  }
}

/** How many live plans the user has (of one platform): plan_counts, kept by triggers (migration 0019). */
export async function livePlanCount(db: Executor, userId: number, flowType?: FlowType): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${planCounts.live}), 0)::int` })
    .from(planCounts)
    .where(and(eq(planCounts.userId, userId), flowType ? eq(planCounts.flowType, flowType) : undefined));
  return Number(row?.n ?? 0);
}

/**
 * One page of plans (newest first) and the total matching `where` (counted, unless `keptTotal` says
 * where it is kept).
 */
export function planPageQuery(
  db: Executor,
  where: SQL,
  page: { limit: number | Placeholder; offset: number | Placeholder },
  keptTotal?: SQL<number>,
) {
  return pageOfPlans(db, where, keptTotal, 'newest', page.offset, page.limit);
}

/** A page counted from the oldest end: `limit` plans from the one `fromOldest` places up the list's index, oldest first. */
function planPageFromTheEnd(
  db: Executor,
  where: SQL,
  keptTotal: SQL<number>,
  page: { limit: number | Placeholder; fromOldest: number | Placeholder },
) {
  return pageOfPlans(db, where, keptTotal, 'oldest', page.fromOldest, page.limit);
}

/**
 * One round trip: the page's ids are found by walking the list's index (plans_user_list_idx: its
 * order, and every column a filter reads, so no row is read to skip or to reject one), then only
 * those rows are read. Reading rows while walking read every plan skipped by OFFSET (the last of
 * 2 000 pages read them all) or rejected by a filter (a keyword found in one plan of 20 000: 37 ms).
 * A total not kept is counted in the same walk (count(*) over the matching index entries, read
 * once, where a count beside it read them again). A page past the end has no row to carry the
 * total: listPlans counts then.
 */
function pageOfPlans(
  db: Executor,
  where: SQL,
  keptTotal: SQL<number> | undefined,
  from: 'newest' | 'oldest',
  skip: number | Placeholder,
  limit: number | Placeholder,
) {
  const order = from === 'newest' ? [desc(plans.createdAt), desc(plans.id)] : [asc(plans.createdAt), asc(plans.id)];
  const page = db
    // `counted` is 0, not counted, where the total is kept.
    .select({ id: plans.id, counted: sql<number>`${keptTotal ? sql`0` : sql`count(*) over ()`}::int`.as('counted') })
    .from(plans)
    .where(where)
    .orderBy(...order)
    .offset(skip)
    .limit(limit)
    .as('page');
  return db
    .select({ plan: planColumns, total: keptTotal ?? page.counted })
    .from(plans)
    .innerJoin(page, eq(plans.id, page.id))
    .orderBy(...order);
}

/** Pages through the filtered plans by a (created_at, id) cursor, newest first: constant memory. */
export async function* iteratePlans(
  db: Executor,
  userId: number,
  filters: PlanFilters,
  now: Date,
  timeZone: string,
  batchSize = 500,
): AsyncGenerator<PlanRecord[]> {
  const where = planFilterWhere(userId, filters, now, timeZone);
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor ? sql`(${plans.createdAt}, ${plans.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
    const rows: { plan: PlanRecord; cursorAt: string }[] = await db
      .select({ plan: planColumns, cursorAt: sql<string>`${plans.createdAt}::text` })
      .from(plans)
      .where(after ? and(where, after) : where)
      .orderBy(desc(plans.createdAt), desc(plans.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((r) => r.plan);
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.plan.id };
    if (rows.length < batchSize) return;
  }
}

/**
 * Counts by status, today's dispatched tasks and the balance in ONE query. All and stopped are the
 * kept counts (plan_counts); pending and running are read from the plans not stopped and not ended
 * (a few hundred of a seller's 20 000, plans_user_end_idx); completed is the rest. Today's
 * dispatched is schedule.ts's dispatchedToday written in SQL (the API tests hold the two to the same
 * figures): a plan not stopped, on one of its days, has dispatched today the hours begun so far
 * (distribution[0..hour]); a plan stopped today, what it dispatched at the stop minus the whole
 * days before today; anything else nothing today.
 */
export async function countPlans(
  db: Executor,
  userId: number,
  flowType: FlowType | undefined,
  now: Date,
  timeZone: string,
): Promise<PlanCounts> {
  // Prepared once per handle, with and without the platform: the plan screens ask it with the list.
  const { bind, values, names } = placeholderBinder();
  const base = and(
    eq(plans.userId, bind('userId', userId)),
    isNull(plans.deletedAt),
    flowType ? eq(plans.flowType, bind('flowType', flowType)) : undefined,
  )!;
  const todayDate = localDate(now, timeZone);
  const today = bind('today', todayDate);
  // ordinality counts from 1: hour h is i = h + 1. On the first day the hours before the cut count nothing.
  const hoursBegun = sql`(select coalesce(sum(h.n::int), 0) from jsonb_array_elements_text(${plans.distribution}) with ordinality as h(n, i) where h.i <= ${bind('hours', localParts(now, timeZone).hour + 1)}::int and (${plans.startDate} < ${today}::date or h.i > ${plans.firstDayFromHour}))`;
  const midnight = bind('midnight', zonedInstant(todayDate, 0, 0, timeZone));
  const daysBeforeToday = sql`greatest(0, least(${plans.days}, ${today}::date - ${plans.startDate}))`;
  // Tasks of the whole days before today: none on the first day; else all but the days still to come.
  const tasksBeforeToday = sql`(case when ${daysBeforeToday} = 0 then 0 else ${plans.totalCount} - (${plans.days} - ${daysBeforeToday}) * ${plans.dailyCount} end)`;
  const dispatchedToday = sql<number>`coalesce(sum(case
      when ${plans.stoppedAt} is null and ${plans.startDate} <= ${today}::date and ${plans.startDate} + ${plans.days} > ${today}::date then ${hoursBegun}
      when ${plans.stoppedAt} >= ${midnight}::timestamptz then greatest(0, ${plans.dispatchedAtStop} - ${tasksBeforeToday})
      else 0 end), 0)::int`;
  // Only plans begun by now and not ended or stopped before midnight can have tasks today.
  const maybeToday = and(
    base,
    lte(plans.startAt, bind('now', now)),
    gt(plans.endAt, midnight),
    or(isNull(plans.stoppedAt), gt(plans.stoppedAt, midnight)),
  );
  const counts = preparedOn(db, `plan_counts:${names()}`, (on, name) =>
    on
      .select({
        // The list's kept totals, on the same placeholders (base binds userId and flowType).
        all: keptTotalSql(undefined, flowType !== undefined)!,
        stopped: keptTotalSql('stopped', flowType !== undefined)!,
        pending: sql<number>`count(*) filter (where ${gt(plans.startAt, bind('now', now))})::int`,
        running: sql<number>`count(*) filter (where ${lte(plans.startAt, bind('now', now))})::int`,
        todayDispatched: sql<number>`(select ${dispatchedToday} from ${plans} where ${maybeToday})`,
      })
      .from(plans)
      // Not stopped and not ended: pending or running (statusCondition).
      .where(and(base, isNull(plans.stoppedAt), gt(plans.endAt, bind('now', now))))
      .prepare(name),
  );
  // The balance is another module's query: asked at the same time, not after (one round trip less).
  const [[row], integral] = await Promise.all([counts.execute(values), pointsBalance(db, userId)]);
  const { all, stopped, pending, running, todayDispatched } = row!;
  return { pending, running, completed: all - stopped - pending - running, stopped, total: all, todayDispatched, integral };
}

export const PLAN_NOT_FOUND = '计划不存在';

/** WHERE of one of the user's live (not deleted) plans. */
const ownLivePlan = (userId: number, id: number) => and(eq(plans.id, id), eq(plans.userId, userId), isNull(plans.deletedAt));

/** One of the user's live plans; 404 for a deleted plan or anyone else's. */
export async function findOwnPlan(db: Executor, userId: number, id: number): Promise<PlanRecord> {
  const [plan] = await db.select(planColumns).from(plans).where(ownLivePlan(userId, id));
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  return plan;
}

export async function planDetail(db: Executor, userId: number, id: number, now: Date, timeZone: string): Promise<PlanDetail> {
  const plan = await findOwnPlan(db, userId, id);
  return {
    plan: toPlanRow(plan, now, timeZone),
    schedule: scheduleView(plan, now, timeZone),
    ledger: await ledgerOfReference(db, userId, `plan:${id}`),
  };
}

/** A single id that is not the caller's answers 404 (never reveal other users' plans). */
export async function assertSingleOwned(db: Executor, userId: number, ids: number[]): Promise<void> {
  if (ids.length === 1) await findOwnPlan(db, userId, ids[0]!);
}

/**
 * Stops one plan in its own transaction. The row is locked first, so concurrent stops of the
 * same plan queue up and the later ones find it stopped: one refund, booked once.
 */
export async function stopPlan(db: Executor, userId: number, id: number, now: Date, timeZone: string): Promise<StopResult> {
  return db.transaction(async (tx) => {
    const [plan] = await tx.select(planColumns).from(plans).where(ownLivePlan(userId, id)).for('update');
    if (!plan) return { id, ok: false, refund: 0, message: PLAN_NOT_FOUND };
    const { status } = planProgress(plan, now, timeZone);
    if (status === 'stopped') return { id, ok: false, refund: 0, message: '计划已停止，无需重复操作' };
    if (status === 'completed') return { id, ok: false, refund: 0, message: '计划已完成，无法停止' };
    const dispatched = status === 'pending' ? 0 : dispatchedAt(plan, now, timeZone);
    const refund = stopRefund(plan.totalCost, dispatched, plan.unitCost, plan.discountPercent);
    const [stopped] = await tx
      .update(plans)
      .set({ stoppedAt: now, dispatchedAtStop: dispatched, refunded: refund })
      .where(and(eq(plans.id, id), isNull(plans.stoppedAt)))
      .returning({ id: plans.id });
    if (!stopped) return { id, ok: false, refund: 0, message: '计划已停止，无需重复操作' };
    if (refund > 0) {
      await changePoints(tx, {
        userId,
        delta: refund,
        kind: 'plan_refund',
        reference: `plan:${id}`,
        remark: `停止计划 #${id}：退还未下发的 ${plan.totalCount - dispatched} 个任务`,
        at: now,
      });
    }
    return { id, ok: true, refund };
  });
}

/** Soft-deletes completed or stopped plans (kept for the ledger, hidden from the lists). */
export async function deletePlans(db: Executor, userId: number, ids: number[], now: Date): Promise<DeleteResult[]> {
  const deleted = await db
    .update(plans)
    .set({ deletedAt: now })
    .where(
      and(inArray(plans.id, ids), eq(plans.userId, userId), isNull(plans.deletedAt), or(isNotNull(plans.stoppedAt), lte(plans.endAt, now))),
    )
    .returning({ id: plans.id });
  const done = new Set(deleted.map((r) => r.id));
  const refused = ids.filter((id) => !done.has(id));
  const owned = refused.length
    ? new Set(
        (
          await db
            .select({ id: plans.id })
            .from(plans)
            .where(and(inArray(plans.id, refused), eq(plans.userId, userId), isNull(plans.deletedAt)))
        ).map((r) => r.id),
      )
    : new Set<number>();
  return ids.map((id) =>
    done.has(id)
      ? { id, ok: true }
      : owned.has(id)
        ? { id, ok: false, message: '只能删除已完成或已停止的计划' }
        : { id, ok: false, message: PLAN_NOT_FOUND },
  );
}

/** Plans created per business day (deleted ones too: they were created). */
export const plansCreatedPerDay = (db: Executor, range: DayRange, timeZone: string) =>
  perDay(db, { from: plans, at: plans.createdAt }, range, timeZone);

/** A user's latest plans (the console's user page). */
export async function recentPlansOf(db: Executor, userId: number, now: Date, timeZone: string, limit = 20): Promise<PlanRow[]> {
  const rows = await db
    .select(planColumns)
    .from(plans)
    .where(eq(plans.userId, userId))
    .orderBy(desc(plans.createdAt), desc(plans.id))
    .limit(limit);
  return rows.map((p) => toPlanRow(p, now, timeZone));
}

/**
 * Stops every plan of the user that has not ended (account deletion), each through `stopPlan`, so
 * the undispatched part is refunded through the ledger exactly as a user's stop would; answers the
 * results. Run inside the deletion's transaction, each stop is a savepoint of it.
 */
export async function stopAllPlansOf(db: Executor, userId: number, now: Date, timeZone: string): Promise<StopResult[]> {
  const open = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.userId, userId), isNull(plans.deletedAt), isNull(plans.stoppedAt), gt(plans.endAt, now)))
    .orderBy(plans.id);
  const results: StopResult[] = [];
  for (const { id } of open) results.push(await stopPlan(db, userId, id, now, timeZone));
  return results;
}

/** The ledger remark of a plan's charge: its number and, while the account exists, its title. */
const chargeRemark = (planId: number, title?: string) => (title ? `发布计划 #${planId}：${title}`.slice(0, 200) : `发布计划 #${planId}`);

/**
 * Account deletion (注销): what the seller typed or looked up for each plan (the item link and id,
 * title, image, shop name, price, keywords) is erased, and the title leaves the charge's ledger remark;
 * the plan keeps its numbers (prices, counts, dates, cost, refund) as the accounting record its
 * ledger rows refer to. Answers how many plans.
 */
export async function erasePlanTextsOf(db: Executor, userId: number): Promise<number> {
  const erased = await db
    .update(plans)
    .set({ itemUrl: '', itemId: '', title: '', image: null, shopName: null, itemPrice: null, keywords: [] })
    .where(eq(plans.userId, userId))
    .returning({ id: plans.id });
  await replaceRemarks(db, userId, 'plan_charge', new Map(erased.map(({ id }) => [`plan:${id}`, chargeRemark(id)])));
  return erased.length;
}

/** Every plan of the user, deleted ones too, oldest first, in batches (the data copy: bounded memory). */
export async function* plansOf(
  db: Executor,
  userId: number,
  now: Date,
  timeZone: string,
): AsyncGenerator<Array<PlanRow & { deleted: boolean }>> {
  for await (const rows of inBatches(db, plans, eq(plans.userId, userId), [plans.createdAt, plans.id]))
    yield rows.map((p) => ({ ...toPlanRow(p, now, timeZone), deleted: p.deletedAt !== null }));
}
