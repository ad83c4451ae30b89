/**
 * Every domain module registers its routes here (one line each), through its index. Modules own
 * their routes, logic, data access and tables; they share only the db, config, clock and http
 * layers. Where one module needs another that also depends on it, the dependency is handed in
 * here as a plugin option (sms asks the user module whether a phone is registered; orders get
 * the online payment provider of the pay module).
 */
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/index.ts';
import { adminRoutes, auditReconciledPayment } from './admin/index.ts';
import { announcementRoutes } from './announcement/index.ts';
import { fileRoutes } from './files/index.ts';
import { goodsRoutes } from './goods/index.ts';
import { healthRoutes } from './health/index.ts';
import { itemRoutes } from './item/index.ts';
import { operatorRoutes } from './operator/index.ts';
import { orderRoutes } from './order/index.ts';
import { orderPayments, payRoutes } from './pay/index.ts';
import { planConfigRoutes } from './plan-config/index.ts';
import { planRoutes } from './plan/index.ts';
import { smsRoutes } from './sms/index.ts';
import { templateRoutes } from './template/index.ts';
import { phoneRegistered, userRoutes } from './user/index.ts';
import { webRoutes } from './web/index.ts';

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(smsRoutes, { phoneRegistered });
  await app.register(userRoutes);
  await app.register(operatorRoutes);
  await app.register(announcementRoutes);
  await app.register(goodsRoutes);
  await app.register(orderRoutes, { payments: orderPayments(app.ctx.config), onReconciledPayment: auditReconciledPayment(app.ctx.clock) });
  await app.register(payRoutes);
  await app.register(planConfigRoutes);
  await app.register(itemRoutes);
  await app.register(planRoutes);
  await app.register(templateRoutes);
  await app.register(accountRoutes);
  await app.register(fileRoutes);
  await app.register(adminRoutes);
  // Last: the built app and its SPA fallback (GET paths no module answers).
  await app.register(webRoutes);
}
