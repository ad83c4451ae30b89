/**
 * A line chart of daily series drawn with uPlot: chosen by weight (about 22 KB gzipped against
 * 60+ KB for Chart.js and more for ECharts or Recharts) and well kept. It lives only in the
 * dashboard's lazy chunk, so no other screen pays for it.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DailySeries {
  label: string;
  values: number[];
  color: string;
}

/** YYYY-MM-DD as the seconds of that day's UTC midnight: the axis only shows dates, never times. */
const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

export default function DailyChart({ days, series, dayLabel }: { days: string[]; series: DailySeries[]; dayLabel: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || days.length === 0) return;
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        axes: [{ values: (_u, ticks) => ticks.map((s) => new Date(s * 1000).toISOString().slice(5, 10)) }, {}],
        series: [
          { label: dayLabel, value: (_u, s) => (s == null ? '--' : new Date(s * 1000).toISOString().slice(0, 10)) },
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2 })),
        ],
      },
      [days.map(daySeconds), ...series.map((s) => s.values)],
      el,
    );
    const resize = () => plot.setSize({ width: el.clientWidth || 600, height: 260 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [days, series, dayLabel]);
  return <div ref={box} className="admin-chart" />;
}
