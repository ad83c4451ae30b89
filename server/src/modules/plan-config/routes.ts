import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, ok } from '../../http/errors.ts';

import type { PlanConfig } from '../../../../common/api-types.ts';
import { findBaseService, flowTypeSchema, loadPlanConfigs, type PlatformPrices } from './configs.ts';
import { INT4_MAX, msg, parseInput } from '../../http/validate.ts';

const configQuery = z.strictObject({ flowType: flowTypeSchema });
const deepConditionQuery = z.strictObject({
  flowType: flowTypeSchema,
  configId: z.coerce.number(msg('请选择基础服务')).int(msg('基础服务不正确')).positive(msg('基础服务不正确')).max(INT4_MAX, msg('基础服务不正确')),
});

/** The price table is public: visitors see it and the app caches it for offline use. */
export async function planConfigRoutes(app: FastifyInstance) {
  // The app counts plan days and hours in this zone (it is the server's TZ_BUSINESS).
  const withTimeZone = (platform: PlatformPrices): PlanConfig => ({ ...platform, timeZone: app.ctx.config.timeZone });

  app.get('/api/plan/config', async (request) => {
    const { flowType } = parseInput(configQuery, request.query);
    const [platform] = await loadPlanConfigs(app.ctx.db, [flowType]);
    return ok(withTimeZone(platform!));
  });

  app.get('/api/plan/config/full-data', async () => ok((await loadPlanConfigs(app.ctx.db)).map(withTimeZone)));

  app.get('/api/plan/deep-condition/data', async (request) => {
    const { flowType, configId } = parseInput(deepConditionQuery, request.query);
    const service = await findBaseService(app.ctx.db, flowType, configId);
    if (!service) throw notFound('基础服务不存在');
    return ok(service.conditionList);
  });
}
