/**
 * /api/plan/template/*: generate (from a plan or a form), list, update, delete, publish.
 * Every route needs a login; other users' templates answer 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/context.ts';
import { badRequest, ok } from '../../http/errors.ts';
import { idField, pagingShape, msg, parseInput } from '../../http/validate.ts';
import { checkPlanForm, checkTemplateForm, createPlan, findOwnPlan } from '../plan/index.ts';
import { isCalendarDate } from '../../../../common/zoned-time.ts';
import { createTemplate, deleteTemplate, findOwnTemplate, formOfPlan, listTemplates, updateTemplate } from './templates.ts';
import * as routes from '../../../../common/routes.ts';

const id = (label: string) => idField(`${label} ID 不正确`);
const templateName = z.string(msg('请填写模板名称')).trim().min(1, msg('请填写模板名称')).max(50, msg('模板名称不超过 50 个字'));

const fromPlanBody = z.strictObject({ planId: id('计划'), name: templateName.optional() });
const fromFormBody = z.strictObject({ name: templateName, form: z.unknown().optional() });
const updateBody = z
  .strictObject({ id: id('模板'), name: templateName.optional(), form: z.unknown().optional() })
  .refine((b) => b.name !== undefined || b.form !== undefined, msg('请填写要修改的模板名称或内容'));
const deleteBody = z.strictObject({ id: id('模板') });
const publishBody = z.strictObject({
  id: id('模板'),
  startDate: z.string(msg('请选择开始日期')).refine(isCalendarDate, msg('开始日期格式应为 YYYY-MM-DD')),
});
const listQuery = z.strictObject(pagingShape);

export async function templateRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const guard = { preHandler: app.requireUser };

  app.post(routes.templateGenerate.path, { ...guard, config: { idempotent: true } }, async (request) => {
    const userId = currentUser(request).id;
    const body = request.body;
    if (body && typeof body === 'object' && 'planId' in body) {
      const { planId, name } = parseInput(fromPlanBody, body);
      const plan = await findOwnPlan(ctx.db, userId, planId);
      return ok(await createTemplate(ctx.db, userId, name ?? plan.title.slice(0, 50), formOfPlan(plan), ctx.clock.now()));
    }
    const { name, form } = parseInput(fromFormBody, body);
    if (form === undefined) throw badRequest('请填写计划内容');
    const checked = await checkTemplateForm(ctx.db, form);
    return ok(await createTemplate(ctx.db, userId, name, checked.form, ctx.clock.now()));
  });

  app.get(routes.templateList.path, guard, async (request) => {
    const q = parseInput(listQuery, request.query);
    return ok(await listTemplates(ctx.db, currentUser(request).id, q));
  });

  app.post(routes.templateUpdate.path, guard, async (request) => {
    const userId = currentUser(request).id;
    const { id: templateId, name, form } = parseInput(updateBody, request.body);
    await findOwnTemplate(ctx.db, userId, templateId);
    const checked = form === undefined ? undefined : (await checkTemplateForm(ctx.db, form)).form;
    return ok(await updateTemplate(ctx.db, userId, templateId, { name, form: checked }, ctx.clock.now()));
  });

  app.post(routes.templateDelete.path, guard, async (request) => {
    const { id: templateId } = parseInput(deleteBody, request.body);
    await deleteTemplate(ctx.db, currentUser(request).id, templateId);
    return ok({});
  });

  /** Same validation and charging as /api/plan/create, with the template's form. */
  app.post(routes.templatePublish.path, { ...guard, config: { idempotent: true } }, async (request) => {
    const userId = currentUser(request).id;
    const { id: templateId, startDate } = parseInput(publishBody, request.body);
    const template = await findOwnTemplate(ctx.db, userId, templateId);
    const now = ctx.clock.now();
    const { form, price } = await checkPlanForm(ctx.db, { ...template.form, startDate }, now, ctx.config.timeZone);
    return ok(await createPlan(ctx.db, { userId, form, price, now, timeZone: ctx.config.timeZone }));
  });
}
