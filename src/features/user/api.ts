/** User-center calls (product §5): avatar update and the recommend (invitees) list. */
import { apiPost } from '@/lib/api';
import type { UserInfo } from '@/lib/session';

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** One invited user. The server may already mask the phone; the page masks it again if not. */
export interface RecommendRecord {
  id?: number | string;
  phone: string;
  createdAt: string;
  memberLevel: number;
  memberLevelDesc?: string;
}

export const RECOMMEND_LIST_PATH = '/api/user/recommend/list';

export const updateAvatar = (avatar: string) => apiPost<UserInfo>('/api/user/update-avatar', { avatar });
