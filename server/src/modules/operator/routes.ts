/** GET /api/wechat/qr-code -> {wechatQr, avatar, nickname, remark}: the caller's operator, or the default one. */
import type { FastifyInstance } from 'fastify';
import { notFound, ok } from '../../http/errors.ts';
import { operatorFor, toServiceInfo } from './operators.ts';
import * as routes from '../../../../common/routes.ts';

export async function operatorRoutes(app: FastifyInstance) {
  app.get(routes.serviceInfo.path, { preHandler: app.optionalUser }, async (request) => {
    const operator = await operatorFor(app.ctx.db, request.user?.operatorId);
    if (!operator) throw notFound('暂无运营联系方式');
    return ok(toServiceInfo(operator));
  });
}
