/**
 * GET /api/Announcement/get?type=top -> {content} ('' when none is enabled in its time window).
 * GET /api/Announcement/banner -> the top announcement's banner as an HTML fragment (empty when
 * none), which nginx includes (SSI) into the prerendered public pages.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { announcementBannerHtml } from '../../../../common/announcement-banner.ts';
import { prepareAnswer, sendPrepared, type PreparedAnswer } from '../../http/prepared-answer.ts';
import { msg, parseInput } from '../../http/validate.ts';
import { ANNOUNCEMENT_TYPES, currentAnnouncement } from './announcements.ts';
import * as routes from '../../../../common/routes.ts';

const query = z.strictObject({ type: z.enum(ANNOUNCEMENT_TYPES, msg('公告类型不正确（仅支持 top）')) });

export async function announcementRoutes(app: FastifyInstance) {
  // The answer of the text shown last, prepared again only when the text changes.
  let last: { content: string; answer: PreparedAnswer } | null = null;
  app.get(routes.announcement.path, async (request, reply) => {
    const { type } = parseInput(query, request.query);
    const content = await currentAnnouncement(app.ctx.db, type, app.ctx.clock.now());
    if (last?.content !== content) last = { content, answer: prepareAnswer({ content }) };
    return sendPrepared(request, reply, last.answer, 'public');
  });
  app.get(routes.announcementBanner.path, async (_request, reply) => {
    const html = announcementBannerHtml(await currentAnnouncement(app.ctx.db, 'top', app.ctx.clock.now()));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
