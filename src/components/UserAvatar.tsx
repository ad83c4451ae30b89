/**
 * UserAvatar: the user's avatar image over a background that depends on the member level
 * (public/avatars/bg-level{1,3,5,7}.svg), the default avatar when none is set.
 * Props: `avatar` (preset name or URL), `memberLevel`, `size` (px, default 36), `onClick?`.
 */
import { avatarSrc } from '@/lib/session';
import { publicFileUrl } from '@/lib/public-files';


export function levelBackground(level: number | undefined): string {
  const known = level === 3 || level === 5 || level === 7 ? level : 1;
  return publicFileUrl(`avatars/bg-level${known}.svg`);
}

export interface UserAvatarProps {
  avatar: string | null | undefined;
  memberLevel?: number;
  size?: number;
  alt?: string;
}

export default function UserAvatar({ avatar, memberLevel, size = 36, alt = '' }: UserAvatarProps) {
  const padding = Math.max(2, Math.round(size / 12));
  return (
    <span
      className="user-avatar"
      data-level={memberLevel ?? 1}
      style={{ width: size, height: size, padding, backgroundImage: `url("${levelBackground(memberLevel)}")` }}
    >
      <img src={avatarSrc(avatar)} alt={alt} width={size - padding * 2} height={size - padding * 2} />
    </span>
  );
}
