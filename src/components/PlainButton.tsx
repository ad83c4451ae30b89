/**
 * PlainButton: a native button styled like antd's (primary / default, block, large, loading).
 * Used only where the first load must stay small (the visitor top bar, /login, the update prompt,
 * the page error, the home page, the user centre and the plan pages, the phone lists' pager); everywhere else use antd's Button.
 */
import type { ButtonHTMLAttributes } from 'react';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'text' | 'link';
  /** red text (and border), as antd's `danger` */
  danger?: boolean;
  block?: boolean;
  size?: 'small' | 'middle' | 'large';
  loading?: boolean;
}

export default function PlainButton({ variant = 'default', danger, block, size = 'middle', loading, className, disabled, children, type = 'button', ...rest }: PlainButtonProps) {
  const classes = ['plain-btn', `plain-btn-${variant}`, `plain-btn-${size}`, danger ? 'plain-btn-danger' : '', block ? 'plain-btn-block' : '', loading ? 'plain-btn-loading' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <span className="plain-btn-spinner" aria-hidden />}
      {children}
    </button>
  );
}
