import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ok } from '../../http/errors.ts';

/** GET /api/healthz: liveness plus database reachability (503 when the database does not answer). */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/healthz', async (_request, reply) => {
    try {
      await app.ctx.db.execute(sql`select 1`);
      return ok({ status: 'ok', database: 'ok' });
    } catch (err) {
      app.log.error({ err }, 'healthz: database unreachable');
      return reply.status(503).send({ success: false, message: '数据库不可用', data: { status: 'degraded', database: 'down' } });
    }
  });
}
