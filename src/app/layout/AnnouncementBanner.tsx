/**
 * Announcement banner: speaker icon and text, only when GET /api/Announcement/get?type=top
 * answers non-empty `content`. Failures are silent (the banner simply does not show).
 */
import { SoundOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { apiGet } from '@/lib/api';
import { ANNOUNCEMENT_PATH } from '@/lib/api-paths';

interface Announcement {
  content: string;
}

const fetchTop = () => apiGet<Announcement | null>(ANNOUNCEMENT_PATH, { type: 'top' }, { silent: true });

export default function AnnouncementBanner() {
  const { data } = useSWR([ANNOUNCEMENT_PATH, 'top'], fetchTop, { revalidateOnFocus: false });
  const content = data?.content?.trim();
  if (!content) return null;
  return (
    <div className="announcement" role="status" data-testid="announcement">
      <SoundOutlined className="announcement-icon" aria-hidden />
      <span className="announcement-text">{content}</span>
    </div>
  );
}
