/**
 * PlainButton: a native button styled like antd's (primary / default / dashed / text / link, danger,
 * block, sizes, icon only, loading), for the screens that load no antd up front (docs/architecture.md: "antd only
 * where it is used"); inside antd's own dialogs and screens use antd's Button.
 */
import type { ButtonHTMLAttributes } from 'react';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'dashed' | 'text' | 'link';
  /** a square button holding only an icon (give it an aria-label) */
  iconOnly?: boolean;
  /** red text (and border), as antd's `danger` */
  danger?: boolean;
  block?: boolean;
  size?: 'small' | 'middle' | 'large';
  loading?: boolean;
}

/** PlainButton's classes, also for a link that looks like a button (e.g. wouter's `<Link className={plainButtonClass(...)}>`). */
export function plainButtonClass({
  variant = 'default',
  danger,
  block,
  iconOnly,
  size = 'middle',
  loading,
  className,
}: PlainButtonProps = {}): string {
  return [
    'plain-btn',
    variant === 'dashed' ? 'plain-btn-default plain-btn-dashed' : `plain-btn-${variant}`,
    `plain-btn-${size}`,
    danger ? 'plain-btn-danger' : '',
    block ? 'plain-btn-block' : '',
    iconOnly ? 'plain-btn-icon' : '',
    loading ? 'plain-btn-loading' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export default function PlainButton({
  variant,
  danger,
  block,
  iconOnly,
  size,
  loading,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: PlainButtonProps) {
  return (
    <button
      type={type}
      className={plainButtonClass({ variant, danger, block, iconOnly, size, loading, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="plain-btn-spinner" aria-hidden />}
      {children}
    </button>
  );
}
