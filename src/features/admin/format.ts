/** Console-only wording helpers (numbers and dates use the app's one formatter in lib/format). */
import type { TFunction } from 'i18next';

/** How long a pending order has waited: "3 天 2 小时", "2 小时 5 分钟", "4 分钟". */
export function ageText(t: TFunction, ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return t('admin:age.daysHours', { days, hours });
  if (hours) return t('admin:age.hoursMinutes', { hours, minutes: minutes % 60 });
  return t('admin:age.minutes', { minutes });
}
