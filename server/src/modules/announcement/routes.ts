/**
 * GET /api/Announcement/get?type=top -> {content} ('' when none is enabled in its time window).
 * GET /api/Announcement/banner -> the top announcement's banner as an HTML fragment (empty when
 * none), which nginx includes (SSI) into the prerendered public pages.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { announcementBannerHtml } from '../../../../common/announcement-banner.ts';
import { ok } from '../../http/errors.ts';
import { msg, parseInput } from '../../http/validate.ts';
import { ANNOUNCEMENT_TYPES, currentAnnouncement } from './announcements.ts';

const query = z.strictObject({ type: z.enum(ANNOUNCEMENT_TYPES, msg('公告类型不正确（仅支持 top）')) });

export async function announcementRoutes(app: FastifyInstance) {
  app.get('/api/Announcement/get', async (request) => {
    const { type } = parseInput(query, request.query);
    return ok({ content: await currentAnnouncement(app.ctx.db, type, app.ctx.clock.now()) });
  });
  app.get('/api/Announcement/banner', async (_request, reply) => {
    const html = announcementBannerHtml(await currentAnnouncement(app.ctx.db, 'top', app.ctx.clock.now()));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
