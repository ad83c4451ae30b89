/**
 * PlainTag: a span that looks like antd's Tag in the colours the app uses (PlainTag.css),
 * for the screens that load no antd up front (docs/architecture.md: "antd only where it is used"). Elsewhere antd's Tag is already loaded.
 */
import type { HTMLAttributes } from 'react';
import './PlainTag.css';

export type PlainTagColor = 'default' | 'blue' | 'green' | 'red' | 'gold' | 'geekblue' | 'purple';

export interface PlainTagProps extends HTMLAttributes<HTMLSpanElement> {
  color?: PlainTagColor;
}

export default function PlainTag({ color = 'default', className, ...rest }: PlainTagProps) {
  return <span className={`plain-tag plain-tag-${color}${className ? ` ${className}` : ''}`} {...rest} />;
}
