import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perSource, prepareAnswer, sendPrepared } from '../../http/prepared-answer.ts';
import { msg, parseInput } from '../../http/validate.ts';
import { listMemberLevels } from '../user/index.ts';
import { GOODS_TYPES, goodsOnSale, type GoodsOnSale, type GoodsType } from './goods.ts';
import * as routes from '../../../../common/routes.ts';

const goodsQuery = z.strictObject({
  // refine: its sentence is answered as-is (no field-name prefix)
  type: z
    .unknown()
    .refine((v) => GOODS_TYPES.includes(v as GoodsType), msg('商品类型必须是 integral 或 member'))
    .transform((v) => v as GoodsType),
});

/**
 * Both answers are the same for every signed-in user and prepared once per version of their data;
 * `private`: the routes need a login, so no shared cache may hand them to a visitor.
 */
export async function goodsRoutes(app: FastifyInstance) {
  const goodsAnswers = perSource((onSale: GoodsOnSale) => ({
    integral: prepareAnswer(onSale.integral),
    member: prepareAnswer(onSale.member),
  }));
  const levelsAnswer = perSource(prepareAnswer);

  /** GET /api/god/get?type=integral|member (the path the app has always called): goods on sale, in display order. */
  app.get(routes.goods.path, { preHandler: app.requireUser }, async (request, reply) => {
    const { type } = parseInput(goodsQuery, request.query);
    return sendPrepared(request, reply, goodsAnswers(await goodsOnSale(app.ctx.db))[type], 'private');
  });

  /** GET /api/god/member-levels (added): levels with their plan discount, shown beside the packages. */
  app.get(routes.memberLevels.path, { preHandler: app.requireUser }, async (request, reply) =>
    sendPrepared(request, reply, levelsAnswer(await listMemberLevels(app.ctx.db)), 'private'),
  );
}
