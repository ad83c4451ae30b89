/**
 * Service info (the user's 专属运营): GET /api/wechat/qr-code -> {wechatQr, avatar, nickname, remark}.
 * Loaded lazily by whoever shows it, refreshed after every navigation and when the 运营咨询
 * dialog opens. Failures are only logged. Cleared on logout by the session.
 */
import useSWR, { mutate } from 'swr';
import type { ServiceInfo } from '@common/api-types';
import { apiGet } from '@/lib/api';
import { SERVICE_INFO_PATH } from '@/lib/api-paths';

function fetchServiceInfo() {
  // Low priority: shown only in the service panel and dialog, never in a page's first screen.
  return apiGet<ServiceInfo>(SERVICE_INFO_PATH, undefined, { silent: true, priority: 'low' });
}

export function useServiceInfo() {
  return useSWR<ServiceInfo>(SERVICE_INFO_PATH, fetchServiceInfo, {
    revalidateOnFocus: false,
    onError: (error) => console.warn('load service info failed', error),
  });
}

export function refreshServiceInfo() {
  return mutate(SERVICE_INFO_PATH, fetchServiceInfo(), { revalidate: false }).catch((error) => {
    console.warn('refresh service info failed', error);
    return undefined;
  });
}
