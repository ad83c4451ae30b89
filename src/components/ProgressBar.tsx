/**
 * ProgressBar: antd's small line Progress in plain markup (the same rail, bar and percent, a
 * green bar and check at 100 %), for lists that show one per row: antd's Progress brings its
 * circle variant's tooltip code along, which no page here needs at first paint.
 * Props: `percent` (0-100), `showInfo` (the percent beside the bar, default true), `aria-label`.
 */
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import SvgIcon from './SvgIcon';
import './ProgressBar.css';

export interface ProgressBarProps {
  percent: number;
  showInfo?: boolean;
  className?: string;
  'aria-label'?: string;
}

export default function ProgressBar({ percent, showInfo = true, className, 'aria-label': label }: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, percent));
  const done = value >= 100;
  const classes = ['progress-bar', done && 'progress-bar-done', className].filter(Boolean).join(' ');
  return (
    <div className={classes} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <span className="progress-bar-rail">
        <span className="progress-bar-track" style={{ width: `${value}%` }} />
      </span>
      {showInfo && <span className="progress-bar-info">{done ? <SvgIcon icon={CheckCircleFilled} /> : `${value}%`}</span>}
    </div>
  );
}
