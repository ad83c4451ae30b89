/** Display names of the domain codes (`common:memberLevel.*`, `payType.*`, `orderStatus.*`), one static map each for every screen. */
import { useTranslation } from 'react-i18next';
import type { MemberLevel, OrderStatus, PayType } from '@common/domain';

export function useMemberLevelNames(): Record<MemberLevel, string> {
  const { t } = useTranslation('common');
  return { 1: t('memberLevel.1'), 3: t('memberLevel.3'), 5: t('memberLevel.5'), 7: t('memberLevel.7') };
}

export function usePayTypeNames(): Record<PayType, string> {
  const { t } = useTranslation('common');
  return { 1: t('payType.1'), 2: t('payType.2'), 3: t('payType.3'), 4: t('payType.4'), 6: t('payType.6'), 9: t('payType.9') };
}

export function useOrderStatusNames(): Record<OrderStatus, string> {
  const { t } = useTranslation('common');
  return {
    pending: t('orderStatus.pending'),
    paid: t('orderStatus.paid'),
    cancelled: t('orderStatus.cancelled'),
    expired: t('orderStatus.expired'),
  };
}
