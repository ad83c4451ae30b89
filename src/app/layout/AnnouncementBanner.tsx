/**
 * Announcement banner: speaker icon and text, only when GET /api/Announcement/get?type=top
 * answers non-empty `content`. Failures are silent (the banner simply does not show).
 * On a prerendered public page the server has already put the banner in the HTML
 * (common/announcement-banner.ts, same elements): its text is the first answer, so hydration finds
 * what it renders and the banner does not move the page when the app starts.
 * Elsewhere the last answer is remembered (localStorage) and shown at once on the next page load while the
 * new one is fetched, so the page below does not move down when the answer arrives. A prerendered page
 * that no server filled (the service worker's precached copy still holds the SSI include) gets the
 * remembered banner written into its HTML before hydration starts, so hydration finds what it renders.
 */
import * as routes from '@common/routes';
import useSWR from 'swr';
import { ANNOUNCEMENT_BANNER_INCLUDE, announcementBannerHtml, SPEAKER_ICON } from '@common/announcement-banner';
import { apiGet } from '@/lib/api';

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
  // Low priority: the page's HTML or the last answer is on screen meanwhile.
  const announcement = await apiGet<Announcement | null>(routes.announcement.path, { type: 'top' }, { silent: true, priority: 'low' });
  try {
    localStorage.setItem(REMEMBERED_KEY, announcement?.content?.trim() ?? '');
  } catch {
    /* storage unavailable: the banner just shows when its answer arrives */
  }
  return announcement;
}

/** The SSI include no server replaced (a page from the service worker's precache), if any. */
function unservedInclude(root: HTMLElement): Comment | undefined {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (`<!--${node.nodeValue}-->` === ANNOUNCEMENT_BANNER_INCLUDE) return node as Comment;
  }
  return undefined;
}

/**
 * The banner text of a prerendered page's root (undefined when it has no banner), read once at start,
 * before hydration: an unserved include becomes the remembered banner first.
 */
export function bannerInPage(root: HTMLElement): Announcement | undefined {
  const include = unservedInclude(root);
  if (include) {
    const template = document.createElement('template');
    template.innerHTML = announcementBannerHtml(remembered()?.content);
    include.replaceWith(template.content);
  }
  const content = root.querySelector('.announcement-text')?.textContent;
  return content ? { content } : undefined;
}

const root = typeof document === 'undefined' ? null : document.getElementById('root');
const prerendered = root?.hasChildNodes() === true;
const inPage = prerendered ? bannerInPage(root!) : undefined;

export function AnnouncementBannerView({ content }: { content: string }) {
  return (
    <div className="announcement" role="status" data-testid="announcement">
      <svg
        className="announcement-icon"
        viewBox={SPEAKER_ICON.viewBox}
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        <path d={SPEAKER_ICON.path} />
      </svg>
      <span className="announcement-text">{content}</span>
    </div>
  );
}

export default function AnnouncementBanner() {
  const { data } = useSWR([routes.announcement.path, 'top'], fetchTop, {
    revalidateOnFocus: false,
    revalidateOnMount: true,
    fallbackData: prerendered ? inPage : remembered(),
  });
  const content = data?.content?.trim();
  if (!content) return null;
  return <AnnouncementBannerView content={content} />;
}
