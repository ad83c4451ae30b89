/**
 * /api/plan/create, /api/plan/count-data and /api/plan/manage/* (answer shapes: common/api-types.ts).
 * Every route needs a login; other users' plans answer 404.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/context.ts';
import { datedAttachment } from '../../http/download.ts';
import { conflict, ok } from '../../http/errors.ts';
import { idField, idQueryField, pagingShape, msg, parseInput } from '../../http/validate.ts';
import { PLAN_STATUSES } from '../../../../common/domain.ts';
import { flowTypeSchema } from '../plan-config/index.ts';
import { checkPlanForm } from './form.ts';
import { assertSingleOwned, countPlans, createPlan, deletePlans, listPlans, planDetail, stopPlan, type PlanFilters } from './plans.ts';
import { writePlansWorkbook, XLSX_TYPE } from './export.ts';
import { isCalendarDate } from '../../../../common/zoned-time.ts';
import * as routes from '../../../../common/routes.ts';

const dateParam = (label: string) =>
  z
    .string()
    .refine((s) => s === '' || isCalendarDate(s), msg(`${label}格式应为 YYYY-MM-DD`))
    .optional()
    .transform((s) => s || undefined);

/** The app sends empty filters as empty strings. */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

const filterShape = {
  flowType: z.preprocess(blankToUndefined, flowTypeSchema.optional()),
  status: z.preprocess(
    (v) => (v === 'all' ? undefined : blankToUndefined(v)),
    z.enum(PLAN_STATUSES, msg('状态不正确，应为 pending、running、completed 或 stopped')).optional(),
  ),
  keyword: z
    .string()
    // A tab or line break (pasted from a spreadsheet) searched as a space: a line break would match
    // across two fields of the searched text (plans.searchText joins them with one).
    .transform((s) => [...s].map((c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join(''))
    .pipe(z.string().trim().max(50, msg('搜索关键词不超过 50 个字')))
    .optional()
    .transform((s) => s || undefined),
  dateType: z.enum(['createdAt', 'startDate'], msg('日期类型应为 createdAt 或 startDate')).default('createdAt'),
  dateFrom: dateParam('开始日期'),
  dateTo: dateParam('结束日期'),
};
const checkRange = (f: { dateFrom?: string; dateTo?: string }) => !f.dateFrom || !f.dateTo || f.dateFrom <= f.dateTo;
const filterQuery = z.strictObject(filterShape).refine(checkRange, msg('开始日期不能晚于结束日期'));
const listQuery = z.strictObject({ ...filterShape, ...pagingShape }).refine(checkRange, msg('开始日期不能晚于结束日期'));
const countQuery = z.strictObject({ flowType: filterShape.flowType });
const detailQuery = z.strictObject({ id: idQueryField('计划 ID 不正确') });
const idsBody = z.strictObject({
  ids: z
    .array(idField('计划 ID 不正确'), msg('请选择计划'))
    .min(1, msg('请选择计划'))
    .max(100, msg('一次最多操作 100 个计划'))
    .transform((ids) => [...new Set(ids)]),
});

export async function planRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const tz = () => ctx.config.timeZone;
  const guard = { preHandler: app.requireUser };

  app.post(routes.planCreate.path, { ...guard, config: { idempotent: true } }, async (request) => {
    const user = currentUser(request);
    const now = ctx.clock.now();
    const { form, price } = await checkPlanForm(ctx.db, request.body, now, tz());
    return ok(await createPlan(ctx.db, { userId: user.id, form, price, now, timeZone: tz() }));
  });

  app.get(routes.planCounts.path, guard, async (request) => {
    const { flowType } = parseInput(countQuery, request.query);
    return ok(await countPlans(ctx.db, currentUser(request).id, flowType, ctx.clock.now(), tz()));
  });

  app.get(routes.planList.path, guard, async (request) => {
    const q = parseInput(listQuery, request.query);
    return ok(await listPlans(ctx.db, currentUser(request).id, q, ctx.clock.now(), tz()));
  });

  app.get(routes.planDetail.path, guard, async (request) => {
    const { id } = parseInput(detailQuery, request.query);
    return ok(await planDetail(ctx.db, currentUser(request).id, id, ctx.clock.now(), tz()));
  });

  app.post(routes.planStop.path, guard, async (request) => {
    const { ids } = parseInput(idsBody, request.body);
    const userId = currentUser(request).id;
    await assertSingleOwned(ctx.db, userId, ids);
    const now = ctx.clock.now();
    const results = [];
    for (const id of ids) results.push(await stopPlan(ctx.db, userId, id, now, tz()));
    return singleOutcome(ids, results);
  });

  app.post(routes.planDelete.path, guard, async (request) => {
    const { ids } = parseInput(idsBody, request.body);
    const userId = currentUser(request).id;
    await assertSingleOwned(ctx.db, userId, ids);
    return singleOutcome(ids, await deletePlans(ctx.db, userId, ids, ctx.clock.now()));
  });

  app.get(routes.planExport.path, guard, async (request, reply) => {
    const filters: PlanFilters = parseInput(filterQuery, request.query);
    const userId = currentUser(request).id;
    const now = ctx.clock.now();
    const body = new PassThrough();
    writePlansWorkbook(body, ctx.db, userId, filters, now, tz()).catch((err) => {
      request.log.error({ err }, 'plan export failed mid-stream');
      body.destroy(err as Error);
    });
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', datedAttachment('plans', '计划列表', 'xlsx', now, tz()))
      .header('Cache-Control', 'no-store')
      .send(body);
  });
}

/**
 * Batch answers carry a result per id (200). A single id answers with its own status, as
 * the rule is: 404 when it is not the caller's (assertSingleOwned), 409 when it
 * cannot be stopped or deleted (already stopped, completed, still running); the per-id result
 * travels in `data` either way.
 */
function singleOutcome<R extends { ok: boolean; message?: string }>(ids: number[], results: R[]) {
  const [only] = results;
  if (ids.length === 1 && only && !only.ok) throw conflict(only.message ?? '无法处理该计划', { results });
  return ok({ results });
}
