/** The announcement module: owns the announcements table. */
export { announcementRoutes } from './routes.ts';
export { currentAnnouncement, replaceAnnouncement } from './announcements.ts';
