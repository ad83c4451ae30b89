import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/errors.ts';
import { msg, parseInput } from '../../http/validate.ts';
import { listMemberLevels } from '../user/index.ts';
import { GOODS_TYPES, listGoodsOnSale, type GoodsType } from './goods.ts';

const goodsQuery = z.strictObject({
  // refine: its sentence is answered as-is (no field-name prefix)
  type: z
    .unknown()
    .refine((v) => GOODS_TYPES.includes(v as GoodsType), msg('商品类型必须是 integral 或 member'))
    .transform((v) => v as GoodsType),
});

export async function goodsRoutes(app: FastifyInstance) {
  /** GET /api/god/get?type=integral|member (the path the app has always called): goods on sale, in display order. */
  app.get('/api/god/get', { preHandler: app.requireUser }, async (request) => {
    const { type } = parseInput(goodsQuery, request.query);
    return ok(await listGoodsOnSale(app.ctx.db, type));
  });

  /** GET /api/god/member-levels (added): levels with their plan discount, shown beside the packages. */
  app.get('/api/god/member-levels', { preHandler: app.requireUser }, async () => ok(await listMemberLevels(app.ctx.db)));
}
