/**
 * The announcement banner as HTML, for the servers that put the current announcement into the
 * prerendered public pages before they leave (so the banner paints with the form and nothing moves
 * when the app starts): the API's GET /api/Announcement/banner (nginx includes it through SSI) and
 * the API's own web module. src/app/layout/AnnouncementBanner.tsx renders the same elements, which
 * the app then hydrates (a unit test compares the two).
 */

/** Where the build leaves the banner in a prerendered page: an SSI include, which nginx and the web module fill. */
export const ANNOUNCEMENT_BANNER_INCLUDE = '<!--# include virtual="/_fragments/announcement-banner" -->';

/** The speaker icon (Ant Design's SoundOutlined outline). */
export const SPEAKER_ICON = {
  viewBox: '64 64 896 896',
  path: 'M625.9 115c-5.9 0-11.9 1.6-17.4 5.3L254 352H90c-8.8 0-16 7.2-16 16v288c0 8.8 7.2 16 16 16h164l354.5 231.7c5.5 3.6 11.6 5.3 17.4 5.3 16.7 0 32.1-13.3 32.1-32.1V147.1c0-18.8-15.4-32.1-32.1-32.1zM586 803L293.4 611.7l-18-11.7H146V424h129.4l17.9-11.7L586 221v582zm348-327H806c-8.8 0-16 7.2-16 16v40c0 8.8 7.2 16 16 16h128c8.8 0 16-7.2 16-16v-40c0-8.8-7.2-16-16-16zm-41.9 261.8l-110.3-63.7a15.9 15.9 0 00-21.7 5.9l-19.9 34.5c-4.4 7.6-1.8 17.4 5.8 21.8L856.3 800a15.9 15.9 0 0021.7-5.9l19.9-34.5c4.4-7.6 1.7-17.4-5.8-21.8zM760 344a15.9 15.9 0 0021.7 5.9L892 286.2c7.6-4.4 10.2-14.2 5.8-21.8L878 230a15.9 15.9 0 00-21.7-5.9L746 287.8a15.99 15.99 0 00-5.8 21.8L760 344z',
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The banner for an announcement's content, or nothing when it is blank. */
export function announcementBannerHtml(content: string | null | undefined): string {
  const text = content?.trim();
  if (!text) return '';
  return (
    '<div class="announcement" role="status" data-testid="announcement">' +
    `<svg class="announcement-icon" viewBox="${SPEAKER_ICON.viewBox}" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">` +
    `<path d="${SPEAKER_ICON.path}"></path></svg>` +
    `<span class="announcement-text">${escapeHtml(text)}</span></div>`
  );
}
