import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ok } from '../../http/errors.ts';
import { reportReadiness } from '../../http/metrics.ts';
import * as routes from '../../../../common/routes.ts';

/**
 * GET /api/healthz: liveness plus database reachability (503 when the database does not answer).
 * GET /api/readyz: readiness for a balancer: 503 as soon as the process is draining for shutdown
 * (while it still serves what it is sent), or when the database does not answer.
 */
export async function healthRoutes(app: FastifyInstance) {
  const databaseAnswers = async () => {
    try {
      await app.ctx.db.execute(sql`select 1`);
      return true;
    } catch (err) {
      app.log.error({ err }, 'database unreachable');
      return false;
    }
  };

  reportReadiness(async () => !app.lifecycle.draining && (await databaseAnswers()));

  app.get(routes.healthz.path, async (_request, reply) => {
    if (await databaseAnswers()) return ok({ status: 'ok', database: 'ok' });
    return reply.status(503).send({ success: false, message: '数据库不可用', data: { status: 'degraded', database: 'down' } });
  });

  app.get(routes.readyz.path, async (_request, reply) => {
    if (app.lifecycle.draining) {
      return reply.status(503).send({ success: false, message: '服务正在停止，请稍后再试', data: { status: 'draining' } });
    }
    if (await databaseAnswers()) return ok({ status: 'ready', database: 'ok' });
    return reply.status(503).send({ success: false, message: '数据库不可用', data: { status: 'degraded', database: 'down' } });
  });
}
