/** GET /api/Announcement/get?type=top -> {content} ('' when none is enabled in its time window). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/errors.ts';
import { msg, parseInput } from '../../http/validate.ts';
import { ANNOUNCEMENT_TYPES, currentAnnouncement } from './announcements.ts';

const query = z.strictObject({ type: z.enum(ANNOUNCEMENT_TYPES, msg('公告类型不正确（仅支持 top）')) });

export async function announcementRoutes(app: FastifyInstance) {
  app.get('/api/Announcement/get', async (request) => {
    const { type } = parseInput(query, request.query);
    return ok({ content: await currentAnnouncement(app.ctx.db, type, app.ctx.clock.now()) });
  });
}
