/**
 * Points as people read them, the same on the server (ledger remarks, messages) and in the app:
 * integer with thousands separators ("3,200"), '--' when missing. The app adds the unit through its
 * catalogue (`formatPointsAmount` in the app's format module: "3,200 积分").
 *
 * Plain arithmetic, not Intl.NumberFormat: the first Intl formatter a page builds costs 150-200 ms
 * on a phone-speed CPU (ICU set-up), in the task that loads this module on every signed-in page.
 * The output is what Intl.NumberFormat('zh-CN') gives (a unit test compares them).
 */

/** A whole number of any size with "," between groups of three digits; negative numbers keep their sign. */
export function groupThousands(whole: number): string {
  // From 1e21 on String() writes an exponent: leave such numbers to Intl.
  if (Math.abs(whole) >= 1e21) return whole.toLocaleString('en-US');
  return `${whole < 0 ? '-' : ''}${String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

export function formatPoints(points: number | null | undefined): string {
  if (points === null || points === undefined || !Number.isFinite(points)) return '--';
  return groupThousands(Math.trunc(points));
}
