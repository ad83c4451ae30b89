/**
 * PlainField: label + native input + error line, styled like antd's vertical form item. The visitor
 * screens use it instead of antd Form/Input to stay within the Lighthouse budgets (antd's runtime
 * CSS-in-JS for the form stack costs ~1 s of main-thread time on a mid-range phone).
 * Props: `label`, `error?`, `extra?` (hint under the input), `addon?` (e.g. the send-code button),
 * and every <input> attribute.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface PlainFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  extra?: string;
  addon?: ReactNode;
}

export default function PlainField({ label, error, extra, addon, className, ...input }: PlainFieldProps) {
  const id = useId();
  const described = [error ? `${id}-error` : '', extra ? `${id}-extra` : ''].filter(Boolean).join(' ') || undefined;
  const field = (
    <input
      id={id}
      className={['plain-input', error ? 'invalid' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-invalid={Boolean(error)}
      aria-describedby={described}
      {...input}
    />
  );
  return (
    <div className="plain-field">
      <label className="plain-label" htmlFor={id}>
        {label}
      </label>
      {addon ? (
        <div className="plain-row">
          {field}
          {addon}
        </div>
      ) : (
        field
      )}
      {error && (
        <span className="plain-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
      {extra && !error && (
        <span className="plain-extra" id={`${id}-extra`}>
          {extra}
        </span>
      )}
    </div>
  );
}

/** The mainland mobile number field of the visitor screens. */
export function PhoneField({ label, placeholder, value, error, onValue, autoComplete = 'tel' }: {
  label: string;
  placeholder: string;
  value: string;
  error?: string;
  onValue: (phone: string) => void;
  autoComplete?: string;
}) {
  return (
    <PlainField
      label={label}
      error={error}
      name="phone"
      value={value}
      onChange={(event) => onValue(event.target.value.trim())}
      placeholder={placeholder}
      inputMode="numeric"
      maxLength={11}
      autoComplete={autoComplete}
    />
  );
}
