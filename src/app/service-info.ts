/**
 * Service info (the user's 专属运营): GET /api/wechat/qr-code -> {wechatQr, avatar, nickname, remark}.
 * Loaded lazily by whoever shows it, refreshed after every navigation and when the 运营咨询
 * dialog opens. Failures are only logged. Cleared on logout by the session.
 */
import * as routes from '@common/routes';
import useSWR, { mutate } from 'swr';
import type { ServiceInfo } from '@common/api-types';
import { apiGet } from '@/lib/api';

function fetchServiceInfo() {
  // Low priority: shown only in the service panel and dialog, never in a page's first screen.
  return apiGet<ServiceInfo>(routes.serviceInfo.path, undefined, { silent: true, priority: 'low' });
}

export function useServiceInfo() {
  return useSWR<ServiceInfo>(routes.serviceInfo.path, fetchServiceInfo, {
    revalidateOnFocus: false,
    onError: (error) => console.warn('load service info failed', error),
  });
}

export function refreshServiceInfo() {
  return mutate(routes.serviceInfo.path, fetchServiceInfo(), { revalidate: false }).catch((error) => {
    console.warn('refresh service info failed', error);
    return undefined;
  });
}
