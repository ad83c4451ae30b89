/**
 * A list with nothing in it yet: what it will hold and the one thing to do next, instead of a
 * toolbar, an empty table and 第 1 / 1 页.
 */
import { Link } from 'wouter';
import { plainButtonClass } from './PlainButton';
import './EmptyState.css';

export interface EmptyStateProps {
  title: string;
  text?: string;
  /** The one call to action: a link, or a button's handler. */
  action?: { label: string; href?: string; onClick?: () => void };
  testId?: string;
}

export default function EmptyState({ title, text, action, testId = 'empty-state' }: EmptyStateProps) {
  const cta = plainButtonClass({ variant: 'primary', size: 'large' });
  return (
    <div className="empty-state" data-testid={testId}>
      <svg className="empty-state-art" viewBox="0 0 64 48" width="96" height="72" aria-hidden="true">
        <rect x="8" y="10" width="48" height="32" rx="4" fill="#f0f5ff" stroke="#adc6ff" />
        <path d="M8 20h48" stroke="#adc6ff" />
        <circle cx="15" cy="15" r="1.5" fill="#adc6ff" />
        <circle cx="20" cy="15" r="1.5" fill="#adc6ff" />
        <path d="M18 30h20M18 35h12" stroke="#d6e4ff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p className="empty-state-title">{title}</p>
      {text && <p className="empty-state-text">{text}</p>}
      {action?.href && (
        <Link href={action.href} className={cta}>
          {action.label}
        </Link>
      )}
      {action && !action.href && (
        <button type="button" className={cta} onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}
