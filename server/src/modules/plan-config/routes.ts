import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { perSource, prepareAnswer, sendPrepared } from '../../http/prepared-answer.ts';
import type { PlanConfig } from '../../../../common/api-types.ts';
import { cachedPlanConfigs, flowTypeSchema, type PlatformPrices } from './configs.ts';
import { INT4_MAX, msg, parseInput } from '../../http/validate.ts';
import * as routes from '../../../../common/routes.ts';

const configQuery = z.strictObject({ flowType: flowTypeSchema });
const deepConditionQuery = z.strictObject({
  flowType: flowTypeSchema,
  configId: z.coerce
    .number(msg('请选择基础服务'))
    .int(msg('基础服务不正确'))
    .positive(msg('基础服务不正确'))
    .max(INT4_MAX, msg('基础服务不正确')),
});

/**
 * The price table is public: visitors see it and the app caches it for offline use. Every answer
 * is prepared once per version of the table (see http/prepared-answer.ts).
 */
export async function planConfigRoutes(app: FastifyInstance) {
  // The app counts plan days and hours in this zone (it is the server's TZ_BUSINESS).
  const withTimeZone = (platform: PlatformPrices): PlanConfig => ({ ...platform, timeZone: app.ctx.config.timeZone });
  const answers = perSource((platforms: PlatformPrices[]) => ({
    fullData: prepareAnswer(platforms.map(withTimeZone)),
    platform: new Map(platforms.map((p) => [p.flowType, prepareAnswer(withTimeZone(p))])),
    conditions: new Map(
      platforms.flatMap((p) => p.planConfigList.map((s) => [`${p.flowType}:${s.id}`, prepareAnswer(s.conditionList)] as const)),
    ),
  }));
  const current = async () => answers(await cachedPlanConfigs(app.ctx.db));

  app.get(routes.planConfig.path, async (request, reply) => {
    const { flowType } = parseInput(configQuery, request.query);
    return sendPrepared(request, reply, (await current()).platform.get(flowType)!, 'public');
  });

  app.get(routes.planConfigFullData.path, async (request, reply) => sendPrepared(request, reply, (await current()).fullData, 'public'));

  app.get(routes.planDeepCondition.path, async (request, reply) => {
    const { flowType, configId } = parseInput(deepConditionQuery, request.query);
    const answer = (await current()).conditions.get(`${flowType}:${configId}`);
    if (!answer) throw notFound('基础服务不存在');
    return sendPrepared(request, reply, answer, 'public');
  });
}
