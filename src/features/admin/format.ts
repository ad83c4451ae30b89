/** Console-only wording helpers (numbers and dates use the app's one formatter in lib/format). */
import type { TFunction } from 'i18next';
import type { OrderRow } from '@common/api-types';
import { formatPointsAmount } from '@/lib/format';

/** What an order bought, as the app shows it: a points package by its points ("1,000 积分"), a membership by its name. */
export const orderGoodsText = (order: Pick<OrderRow, 'goods' | 'goodsName'>) =>
  order.goods.type === 'integral' && order.goods.points ? formatPointsAmount(order.goods.points) : order.goodsName;

/** How long a pending order has waited: "3 天 2 小时", "2 小时 5 分钟", "4 分钟". */
export function ageText(t: TFunction, ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return t('admin:age.daysHours', { days, hours });
  if (hours) return t('admin:age.hoursMinutes', { hours, minutes: minutes % 60 });
  return t('admin:age.minutes', { minutes });
}

/**
 * antd Table pagination of a console list page: the server shows at most CONSOLE_MAX_PAGE pages and
 * counts only their rows (`totalCapped` when more match), which the pager then says.
 */
export function consolePagination(
  t: TFunction,
  data: { page: number; pageSize: number; total: number; totalCapped?: boolean } | undefined,
  onChange: (page: number, pageSize: number) => void,
) {
  return {
    current: data?.page,
    pageSize: data?.pageSize,
    total: data?.total,
    showTotal: data?.totalCapped ? () => t('admin:listCapped', { count: data.total }) : undefined,
    onChange,
  };
}
