/**
 * Preset avatars. The stored value (user.avatar, POST /api/user/update-avatar {avatar}) is one of
 * these names; the app serves the image at `/avatars/{name}.svg`. An empty value means "default avatar".
 */
export const AVATAR_PRESETS = [
  'avatar1',
  'avatar2',
  'avatar3',
  'avatar4',
  'avatar5',
  'avatar6',
  'avatar7',
  'avatar8',
] as const;

export type AvatarPreset = (typeof AVATAR_PRESETS)[number];

export function isAvatarPreset(value: unknown): value is AvatarPreset {
  return typeof value === 'string' && (AVATAR_PRESETS as readonly string[]).includes(value);
}
