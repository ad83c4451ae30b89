/** The announcement module: owns the announcements table. */
export { announcementRoutes } from './routes.ts';
export { currentAnnouncement, replaceAnnouncement } from './announcements.ts';
export {
  ANNOUNCEMENT_TYPES,
  createAnnouncement,
  listAnnouncements,
  updateAnnouncement,
  type AnnouncementFields,
  type AnnouncementRow,
} from './announcements.ts';
