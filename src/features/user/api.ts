/** User-center calls: avatar update and the recommend (invitees) list. */
import useSWR from 'swr';
import type { InvitedUser, Page } from '@common/api-types';
import { apiPost, downloadFile } from '@/lib/api';
import * as routes from '@common/routes';

export const RECOMMEND_PAGE_SIZE = 10;

const recommendListKey = (page: number) => [routes.userRecommendList.path, { page, pageSize: RECOMMEND_PAGE_SIZE }] as const;

/** One page of the users one invited. */
export const useRecommendList = (page: number) => useSWR<Page<InvitedUser>>(recommendListKey(page));

export const updateAvatar = (avatar: string) => apiPost(routes.userUpdateAvatar, { avatar });

/** A signed-in session of the account, as GET /api/user/devices answers it. */
export interface Device {
  id: number;
  browser: string;
  browserVersion: string;
  os: string;
  mobile: boolean;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The account's signed-in sessions, this one marked `current`. */
export const useDevices = () => useSWR<Device[]>(routes.userDevices.path);

export const logoutDevice = (id: number) => apiPost(routes.userDeviceLogout, { id });
export const logoutOtherDevices = () => apiPost(routes.userDevicesLogoutOthers);

/** Deletes (注销) the signed-in account with an SMS code of type 4; the session ends with it. */
export const deleteAccount = (verifyCode: string) => apiPost(routes.userDeleteAccount, { verifyCode });

/** A copy of the account's data (JSON), saved as `filename`. */
export const downloadMyData = (filename: string) => downloadFile(routes.userDataExport, undefined, filename, { showLimit: true });
