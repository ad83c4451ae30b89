/** API paths used as SWR keys by more than one module (kept here to avoid import cycles); the paths come from the route contract. */
import * as routes from '@common/routes';

export const USER_DATA_PATH = routes.userData.path;
export const SERVICE_INFO_PATH = routes.serviceInfo.path;
export const ANNOUNCEMENT_PATH = routes.announcement.path;
export const PLAN_FULL_DATA_PATH = routes.planConfigFullData.path;
