/**
 * Announcement banner: speaker icon and text, only when GET /api/Announcement/get?type=top
 * answers non-empty `content`. Failures are silent (the banner simply does not show).
 * On a prerendered public page the server has already put the banner in the HTML
 * (common/announcement-banner.ts, same elements): its text is the first answer, so hydration finds
 * what it renders and the banner does not move the page when the app starts.
 * Elsewhere the last answer is remembered (localStorage) and shown at once on the next page load while the
 * new one is fetched, so the page below does not move down when the answer arrives.
 */
import useSWR from 'swr';
import { SPEAKER_ICON } from '@common/announcement-banner';
import { apiGet } from '@/lib/api';
import { ANNOUNCEMENT_PATH } from '@/lib/api-paths';

interface Announcement {
  content: string;
}

const REMEMBERED_KEY = 'announcementTop';

function remembered(): Announcement | undefined {
  try {
    const content = localStorage.getItem(REMEMBERED_KEY);
    return content === null ? undefined : { content };
  } catch {
    return undefined;
  }
}

async function fetchTop() {
  const announcement = await apiGet<Announcement | null>(ANNOUNCEMENT_PATH, { type: 'top' }, { silent: true });
  try {
    localStorage.setItem(REMEMBERED_KEY, announcement?.content?.trim() ?? '');
  } catch {
    /* storage unavailable: the banner just shows when its answer arrives */
  }
  return announcement;
}

/** The banner text the server wrote into this page, read once at start (before any render). */
const inPage: Announcement | undefined = (() => {
  const content = typeof document === 'undefined' ? null : document.querySelector('#root .announcement-text')?.textContent;
  return content ? { content } : undefined;
})();

export function AnnouncementBannerView({ content }: { content: string }) {
  return (
    <div className="announcement" role="status" data-testid="announcement">
      <svg className="announcement-icon" viewBox={SPEAKER_ICON.viewBox} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={SPEAKER_ICON.path} />
      </svg>
      <span className="announcement-text">{content}</span>
    </div>
  );
}

export default function AnnouncementBanner() {
  const { data } = useSWR([ANNOUNCEMENT_PATH, 'top'], fetchTop, { revalidateOnFocus: false, revalidateOnMount: true, fallbackData: inPage ?? remembered() });
  const content = data?.content?.trim();
  if (!content) return null;
  return <AnnouncementBannerView content={content} />;
}
