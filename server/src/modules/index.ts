/**
 * Every domain module registers its routes here (one line each). Modules own their routes,
 * logic and data access; they share only the db, config, clock and http layers.
 */
import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes.ts';
import { smsRoutes } from './sms/routes.ts';
import { userRoutes } from './user/routes.ts';
import { operatorRoutes } from './operator/routes.ts';
import { announcementRoutes } from './announcement/routes.ts';
import { webRoutes } from './web/routes.ts';
import { goodsRoutes } from './goods/routes.ts';
import { orderRoutes } from './order/routes.ts';
import { payRoutes } from './pay/routes.ts';
import { planConfigRoutes } from './plan-config/routes.ts';
import { itemRoutes } from './item/routes.ts';
import { planRoutes } from './plan/routes.ts';
import { templateRoutes } from './template/routes.ts';

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(smsRoutes);
  await app.register(userRoutes);
  await app.register(operatorRoutes);
  await app.register(announcementRoutes);
  await app.register(goodsRoutes);
  await app.register(orderRoutes);
  await app.register(payRoutes);
  await app.register(planConfigRoutes);
  await app.register(itemRoutes);
  await app.register(planRoutes);
  await app.register(templateRoutes);
  // Last: the built app and its SPA fallback (GET paths no module answers).
  await app.register(webRoutes);
}
