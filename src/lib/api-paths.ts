/** API paths used as SWR keys by more than one module (kept here to avoid import cycles). */
export const USER_DATA_PATH = '/api/user/user-data';
export const SERVICE_INFO_PATH = '/api/wechat/qr-code';
export const ANNOUNCEMENT_PATH = '/api/Announcement/get';
export const PLAN_FULL_DATA_PATH = '/api/plan/config/full-data';
