/** User-center calls: avatar update and the recommend (invitees) list. */
import { apiPost } from '@/lib/api';
import type { UserInfo } from '@/lib/session';

export const RECOMMEND_LIST_PATH = '/api/user/recommend/list';

export const updateAvatar = (avatar: string) => apiPost<UserInfo>('/api/user/update-avatar', { avatar });
