/** The console's own display names (roles, menu, goods types), as static catalogue keys. */
import { useTranslation } from 'react-i18next';

export function useRoleNames(): Record<'operator' | 'admin' | 'none', string> {
  const { t } = useTranslation('admin');
  return { operator: t('role.operator'), admin: t('role.admin'), none: t('role.none') };
}

export function useGoodsTypeNames(): Record<'integral' | 'member', string> {
  const { t } = useTranslation('admin');
  return { integral: t('goods.types.integral'), member: t('goods.types.member') };
}
