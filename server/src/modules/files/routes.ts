/** GET /api/files/:id: an uploaded image (public: users see collect and contact QR codes). Files never change. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { msg, parseInput } from '../../http/validate.ts';
import { readFile } from './files.ts';
import * as routes from '../../../../common/routes.ts';

const params = z.strictObject({
  id: z.coerce.number(msg('文件不存在')).int(msg('文件不存在')).min(1, msg('文件不存在')).max(2147483647, msg('文件不存在')),
});

export async function fileRoutes(app: FastifyInstance) {
  app.get(routes.file.path, async (request, reply) => {
    const { id } = parseInput(params, request.params);
    const file = await readFile(app.ctx.db, id);
    if (!file) throw notFound('文件不存在');
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.content);
  });
}
