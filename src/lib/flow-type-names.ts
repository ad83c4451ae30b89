/** The platforms' display names (`common:flowType.*`), keyed by flowType: one map for every screen. */
import { useTranslation } from 'react-i18next';
import type { FlowType } from '@common/domain';

export function useFlowTypeNames(): Record<FlowType, string> {
  const { t } = useTranslation('common');
  return { tb: t('flowType.tb'), jd: t('flowType.jd'), pdd: t('flowType.pdd') };
}
