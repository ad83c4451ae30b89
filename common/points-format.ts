/**
 * Points as people read them, the same on the server (ledger remarks, messages) and in the app:
 * integer with thousands separators ("3,200"), '--' when missing. The app adds the unit through its
 * catalogue (`formatPointsAmount` in the app's format module: "3,200 积分").
 */
const pointsFormatter = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });

export function formatPoints(points: number | null | undefined): string {
  if (points === null || points === undefined || !Number.isFinite(points)) return '--';
  return pointsFormatter.format(Math.trunc(points));
}
