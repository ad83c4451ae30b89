/**
 * UserAvatar: the user's avatar image (the default one when none is set) in a ring whose colours
 * depend on the member level: a CSS gradient per `data-level` in styles.css (levels 3, 5 and 7
 * their own, the others level 1's), drawn with the page instead of an image to wait for.
 * Props: `avatar` (preset name or URL), `memberLevel`, `size` (px, default 36), `alt`.
 */
import { avatarSrc } from '@/lib/session';

export interface UserAvatarProps {
  avatar: string | null | undefined;
  memberLevel?: number;
  size?: number;
  alt?: string;
}

export default function UserAvatar({ avatar, memberLevel, size = 36, alt = '' }: UserAvatarProps) {
  const padding = Math.max(2, Math.round(size / 12));
  return (
    <span className="user-avatar" data-level={memberLevel ?? 1} style={{ width: size, height: size, padding }}>
      <img src={avatarSrc(avatar)} alt={alt} width={size - padding * 2} height={size - padding * 2} />
    </span>
  );
}
