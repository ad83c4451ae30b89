/**
 * TextInput: antd's Input (middle size; `showCount` with its "n / max" suffix) as a plain input
 * (TextInput.css, `text-input`), for screens that load no antd up front.
 */
import type { InputHTMLAttributes } from 'react';
import './TextInput.css';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  /** Enter pressed in the field */
  onEnter?: () => void;
  /** shows "length / maxLength" at the end of the field */
  showCount?: boolean;
  invalid?: boolean;
}

export default function TextInput({ value, onChange, onEnter, showCount, invalid, className, maxLength, ...rest }: TextInputProps) {
  const input = (
    <input
      type="text"
      className={['text-input', invalid ? 'invalid' : '', showCount ? '' : (className ?? '')].filter(Boolean).join(' ')}
      value={value}
      maxLength={maxLength}
      aria-invalid={invalid || undefined}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onEnter && ((e) => e.key === 'Enter' && onEnter())}
      {...rest}
    />
  );
  if (!showCount || maxLength === undefined) return input;
  return (
    <span className={['text-input-counted', invalid ? 'invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      {input}
      <span className="text-input-count" aria-hidden="true">
        {value.length} / {maxLength}
      </span>
    </span>
  );
}
